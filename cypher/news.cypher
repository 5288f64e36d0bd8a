// Adverse media: articles from news feeds (:Article) and the entities they name
// (:Article)-[:MENTIONS {score, matched_text, linked_at, removed_orgs}]->(:Entity).
// An organisation that removes a wrong link is added to removed_orgs: the link stays, so a
// later import cannot bring it back, and other organisations still see it.

// name: news-upsert-articles
// Articles are written once; a later import of the same link refreshes title, text, topics
// and date (a feed may correct an item) and answers whether the article is new.
UNWIND $articles AS a
OPTIONAL MATCH (old:Article {id: a.id})
WITH a, old IS NULL AS created
MERGE (n:Article {id: a.id})
ON CREATE SET n.imported_at = $now
SET n.url = a.url, n.title = a.title, n.snippet = a.snippet, n.source = a.source,
    n.source_url = a.source_url, n.published = a.published, n.language = a.language,
    n.topics = a.topics, n.risk_flags = a.risk_flags, n.phrases = a.phrases
RETURN n.id AS id, created

// name: news-link
// A link already there keeps its removals; its score and text follow the newest reading.
// Answers the links this statement made (monitoring alerts on new links only).
UNWIND $links AS l
MATCH (a:Article {id: l.article})
MATCH (e:Entity {id: l.entity})
OPTIONAL MATCH (a)-[old:MENTIONS]->(e)
WITH a, e, l, old IS NULL AS created
MERGE (a)-[m:MENTIONS]->(e)
ON CREATE SET m.linked_at = $now
SET m.score = l.score, m.matched_text = l.text
RETURN a.id AS article, e.id AS entity, created

// name: news-alerts-queue
// Monitoring: for each new link of an article with a risk topic, an alert per project entity
// of an active project matching the named entity or an entity it owns or controls within 2
// steps (__TYPES__: the owner and controller types), written in the import's transaction so a
// crash loses none. The id is the project entity and the article, so an article naming several
// parties of one project entity, or imported by two workers at once, makes one alert.
UNWIND $links AS l
MATCH (a:Article {id: l.article}) WHERE size(a.topics) > 0
MATCH (named:Entity {id: l.entity})
MATCH p = (e:Entity)-[:__TYPES__]->{0,2}(named)
MATCH (proj:Project)-[:HAS_ENTITY]->(pe:ProjectEntity)-[:MATCHES]->(e)
WHERE NOT coalesce(proj.archived, false)
WITH a, proj, pe, e, named, p ORDER BY length(p), e.id, named.id
WITH a, proj, pe, head(collect({entity: e.id, named: named.id, path: [n IN nodes(p) | n.id], steps: [r IN relationships(p) | toLower(type(r))]})) AS first
MERGE (o:NewsAlertOutbox {id: pe.id + '/news/' + a.id})
ON CREATE SET o.project_id = proj.id, o.resource_id = pe.id, o.entity_id = first.entity, o.named_id = first.named,
              o.article_id = a.id, o.path = first.path, o.steps = first.steps, o.date = $now, o.score = $score,
              o.custom_fields = pe.custom_fields
RETURN count(o) AS queued

// name: news-alerts-pending
// Alerts written to Neo4j and not yet moved to the project feeds, oldest first, with their article.
MATCH (o:NewsAlertOutbox)
WITH o ORDER BY o.score, o.id LIMIT $limit
OPTIONAL MATCH (a:Article {id: o.article_id})
RETURN o {.*} AS alert, a {.id, .title, .url, .source, .published, .topics, .risk_flags} AS article

// name: news-alerts-delete
UNWIND $ids AS id
MATCH (o:NewsAlertOutbox {id: id})
DELETE o

// name: news-alerts-count
MATCH (o:NewsAlertOutbox)
RETURN count(o) AS n

// name: news-by-entities
// Articles naming any of the entities, newest first, with the names they were found by.
MATCH (a:Article)-[m:MENTIONS]->(e:Entity)
WHERE e.id IN $ids AND NOT $org IN coalesce(m.removed_orgs, [])
  AND ($topic IS NULL OR $topic IN a.topics)
  AND ($since IS NULL OR a.published >= $since)
WITH a, collect(DISTINCT m.matched_text) AS matched, collect(DISTINCT e.id) AS entities
ORDER BY a.published DESC, a.id
SKIP $offset LIMIT $limit
RETURN a {.*} AS article, matched, entities

// name: news-remove-link
MATCH (a:Article {id: $article})-[m:MENTIONS]->(e:Entity {id: $entity})
SET m.removed_orgs = CASE WHEN $org IN coalesce(m.removed_orgs, []) THEN m.removed_orgs ELSE coalesce(m.removed_orgs, []) + $org END
RETURN a.id AS article, e.id AS entity, m.matched_text AS matched_text

// name: news-through-owners
// Articles naming the entity or an owner or controller of it up to __DEPTH__ steps away
// (__TYPES__: the owner and controller types of the domain table; __DEPTH__ at least 1, since a
// quantifier cannot stop at 0, and $depth the steps asked), each with the shortest path.
MATCH (start:Entity {id: $id})
MATCH p = (start)-[:__TYPES__]->{0,__DEPTH__}(o:Entity)
WHERE length(p) <= $depth
WITH o, p ORDER BY length(p)
WITH o, head(collect(p)) AS p
LIMIT 1000
MATCH (a:Article)-[m:MENTIONS]->(o)
WHERE NOT $org IN coalesce(m.removed_orgs, [])
  AND ($topic IS NULL OR $topic IN a.topics)
RETURN a {.*} AS article, m.matched_text AS matched, o.id AS entity,
       [n IN nodes(p) | n.id] AS path, [r IN relationships(p) | type(r)] AS steps
ORDER BY a.published DESC, a.id, length(p)
SKIP $offset LIMIT $limit

// name: news-entity-summary
// The adverse_media block of an entity read: how many articles name it, and the newest three.
OPTIONAL MATCH (:Entity {id: $id})<-[m:MENTIONS]-(a:Article)
WHERE NOT $org IN coalesce(m.removed_orgs, [])
WITH a ORDER BY a.published DESC
RETURN count(a) AS count, collect(a {.id, .title, .url, .source, .published, .risk_flags})[0..3] AS latest
