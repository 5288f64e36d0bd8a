/**
 * Nicknames and short forms of given names (folded), each with the formal names it stands
 * for. Two names in one group compare as nearly equal; the candidate query also asks for the
 * other names of a group.
 */
const GROUPS: string[][] = [
  ['william', 'bill', 'billy', 'will', 'willy', 'liam'], ['robert', 'bob', 'bobby', 'rob', 'robbie', 'bert'], ['richard', 'dick', 'rick', 'ricky', 'rich'],
  ['james', 'jim', 'jimmy', 'jamie'], ['john', 'jack', 'johnny', 'jon'], ['joseph', 'joe', 'joey'], ['thomas', 'tom', 'tommy'], ['michael', 'mike', 'mikey', 'mick'],
  ['charles', 'charlie', 'chuck'], ['edward', 'ed', 'eddie', 'ted', 'ned'], ['elizabeth', 'liz', 'beth', 'betty', 'lisa', 'eliza'], ['margaret', 'maggie', 'meg', 'peggy'],
  ['katherine', 'catherine', 'kate', 'katie', 'cathy', 'kathy'], ['alexander', 'aleksandr', 'alex', 'sasha', 'sanya', 'shura', 'aleks', 'oleksandr', 'alexandre', 'alessandro'],
  ['alexandra', 'aleksandra', 'sasha', 'sandra'], ['dmitriy', 'dmitry', 'dima', 'mitya'], ['vladimir', 'volodymyr', 'vova', 'volodya'], ['mikhail', 'misha'],
  ['nikolay', 'nikolai', 'kolya', 'mykola'], ['sergey', 'sergei', 'seryozha', 'serhiy'], ['yevgeniy', 'evgeny', 'yevgeny', 'zhenya', 'evgenii'], ['ivan', 'vanya'],
  ['anatoliy', 'tolya'], ['konstantin', 'kostya'], ['aleksey', 'alexey', 'alexei', 'alyosha', 'lyosha', 'oleksiy'], ['pavel', 'pasha', 'pavlo'], ['petr', 'pyotr', 'petya', 'petro'],
  ['yekaterina', 'ekaterina', 'katya', 'katerina'], ['yelena', 'elena', 'lena', 'olena'], ['natalya', 'natalia', 'natasha'], ['tatyana', 'tatiana', 'tanya'], ['mariya', 'maria', 'masha'],
  ['anna', 'anya', 'hanna'], ['olga', 'olya'], ['svetlana', 'sveta'], ['lyudmila', 'lyuda', 'mila'], ['galina', 'galya'], ['yuriy', 'yuri', 'yura'], ['grigoriy', 'grisha', 'hryhoriy'],
  ['boris', 'borya'], ['leonid', 'lyonya'], ['viktor', 'vitya', 'victor'], ['andrey', 'andrei', 'andriy', 'andrew', 'andy', 'drew'], ['stepan', 'styopa', 'stephen', 'steven', 'steve'],
  ['muhammad', 'mohammed', 'mohammad', 'muhammed', 'mohamed', 'mohamad', 'mehmet', 'mohd', 'muhd', 'mhd', 'muh', 'moh', 'mohamud', 'mahomed', 'mamadou'], ['abdulrahman', 'abdelrahman', 'abdurrahman', 'abdul rahman'],
  ['hussein', 'husayn', 'hussain', 'husain', 'huseyin'], ['yusuf', 'yousef', 'youssef', 'joseph', 'yosef'], ['ibrahim', 'ebrahim', 'abraham', 'avraham'],
  ['francis', 'frank', 'frankie', 'francisco', 'paco', 'pancho', 'francesco'], ['jose', 'pepe'], ['giuseppe', 'beppe', 'peppe'], ['antonio', 'toni', 'tony', 'anthony', 'antony'],
  ['henry', 'harry', 'hank', 'heinrich', 'heinz'], ['johann', 'johannes', 'hans'], ['wolfgang', 'wolf'], ['christopher', 'chris', 'kit'], ['daniel', 'dan', 'danny'],
  ['david', 'dave', 'davy'], ['samuel', 'sam', 'sammy'], ['benjamin', 'ben', 'benny'], ['jonathan', 'jon', 'jonny'], ['nicholas', 'nick', 'nicky', 'nicolas'], ['patrick', 'pat', 'paddy'],
  ['peter', 'pete'], ['matthew', 'matt'], ['timothy', 'tim'], ['anthony', 'tony'], ['lawrence', 'larry'], ['gerald', 'gerry', 'jerry'], ['ronald', 'ron', 'ronnie'],
  ['donald', 'don', 'donnie'], ['kenneth', 'ken', 'kenny'], ['steven', 'steve'], ['gregory', 'greg'], ['jennifer', 'jen', 'jenny'], ['susan', 'sue', 'susie'], ['deborah', 'debbie', 'deb'],
  ['rebecca', 'becky'], ['patricia', 'pat', 'patty', 'trish'], ['barbara', 'barb'], ['jacqueline', 'jackie'], ['victoria', 'vicky', 'tori'], ['abdullah', 'abdallah'],
];

const RELATED = new Map<string, Set<string>>();
for (const group of GROUPS) {
  for (const name of group) {
    const set = RELATED.get(name) ?? new Set<string>();
    for (const other of group) if (other !== name) set.add(other);
    RELATED.set(name, set);
  }
}

/** Whether two folded given names are one name's nickname, short form or other-language form. */
export const isNickname = (a: string, b: string): boolean => RELATED.get(a)?.has(b) ?? false;

/** The other names of a folded given name's groups (single words only), for the candidate query. */
export const relatedNames = (name: string): string[] => [...(RELATED.get(name) ?? [])].filter((n) => !n.includes(' '));
