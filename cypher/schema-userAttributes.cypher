// Attributes an organisation adds to graph entities (applied by `graph-api migrate`, idempotent).
CREATE CONSTRAINT user_attribute_id IF NOT EXISTS FOR (a:UserAttribute) REQUIRE a.id IS UNIQUE;
// The overlay on entity reads: one organisation's attributes of one entity.
CREATE INDEX user_attribute_entity IF NOT EXISTS FOR (a:UserAttribute) ON (a.org, a.entity_id);
// The graph attributes an organisation retired (hid from its reads): one per organisation and attribute.
CREATE CONSTRAINT retired_attribute_key IF NOT EXISTS FOR (r:RetiredAttribute) REQUIRE (r.org, r.attribute_id) IS UNIQUE;
CREATE INDEX retired_attribute_entity IF NOT EXISTS FOR (r:RetiredAttribute) ON (r.org, r.entity_id);
