/** The legal forms table, row by row: every spelling of a form reduces to its one canonical token. */
import { END_ONLY_FORMS, LEGAL_FORMS } from '../../src/domain/legalForms';
import { analyze } from '../../src/domain/names';
import { nameCore } from '../../src/search/analysis';

describe('legal forms table', () => {
  test('covers at least 40 jurisdictions, with Cyrillic forms', () => {
    const where = new Set(LEGAL_FORMS.flatMap((f) => f.where));
    expect(where.size).toBeGreaterThanOrEqual(40);
    expect(LEGAL_FORMS.flatMap((f) => f.spellings).filter((s) => /[\u0400-\u04ff]/.test(s)).length).toBeGreaterThanOrEqual(15);
  });

  test.each(LEGAL_FORMS.map((f) => [f.canonical, f]))('%s: every spelling, after a name and before one', (canonical, form) => {
    for (const spelling of form.spellings) {
      expect({ spelling, forms: nameCore(`Zubrowka Trading ${spelling}`).forms }).toEqual({ spelling, forms: [canonical] });
      // Forms that are also given names (Asa, SL) count only at the end.
      if (!END_ONLY_FORMS.has(canonical)) expect({ spelling, core: nameCore(`${spelling} Zubrowka Trading`).core }).toEqual({ spelling, core: ['zubrowka', 'trading'] });
    }
  });

  test('the issue\'s examples compare equal', () => {
    const core = (n: string) => `${nameCore(n).core.join(' ')} | ${nameCore(n).forms.join(' ')}`;
    expect(core('Muller AG')).toBe(core('Muller Aktiengesellschaft'));
    expect(core('JSC Volga Trading')).toBe(core('Volga Trading Joint Stock Company'));
    expect(core('SRL Pro Marin')).toBe(core('Societatea cu Raspundere Limitata Pro Marin'));
    expect(core('OOO Vostok')).toBe(core('Vostok LLC'));
    expect(core('ООО Восток')).toBe(core('Vostok LLC'));
    // Co. before the form written out or abbreviated: one form, and "co" is no name word.
    expect(core('Phoenixbridge Investments Co., Limited')).toBe(core('Phoenixbridge Investments Co., LTD.'));
    expect(core('Phoenixbridge Investments Co Limited')).toBe('phoenixbridge investments | ltd');
  });

  test('short forms that are also words only count at the edges of a name', () => {
    expect(analyze('Banca AS Holding').some((t) => t.form)).toBe(false);
    expect(analyze('Norsk Hydro ASA').filter((t) => t.form).map((t) => t.text)).toEqual(['asa']);
    expect(analyze('Asa Lindgren').some((t) => t.form)).toBe(false);
  });
});
