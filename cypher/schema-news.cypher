// Adverse media: an article is kept once, by the sha1 of its link (src/services/news/feedParser.ts).
CREATE CONSTRAINT article_id IF NOT EXISTS FOR (a:Article) REQUIRE a.id IS UNIQUE;
CREATE INDEX article_published IF NOT EXISTS FOR (a:Article) ON (a.published);
// Monitoring alerts of new articles waiting to move to the project feeds (cypher/news.cypher news-alerts-queue).
CREATE CONSTRAINT news_alert_outbox_id IF NOT EXISTS FOR (o:NewsAlertOutbox) REQUIRE o.id IS UNIQUE;
