-- A local page finds its place by slug ('round-rock-tx': the city's name in lower case, every
-- run of other characters a hyphen, and its state) through this index instead of reading every
-- place: the expression is slugSql's (server/src/places/places.ts) over the city.
CREATE INDEX "places_slug_idx" ON "places" (trim(both '-' from regexp_replace(lower("city"), '[^a-z0-9]+', '-', 'g')), "state");
