-- Hand-written: NetBox's deepmerge (utilities/data.py) as SQL, so that a device's and a virtual
-- machine's config context is merged in the statement that lists them (runtime/inventory/extras/
-- configContexts/configContextSql.ts). `netbox_deepmerge(a, b)` merges `b` into `a`: a key whose
-- values are both objects, the new one not empty, is merged recursively; any other key takes the
-- new value. `netbox_deepmerge_agg(data ORDER BY weight, name)` folds a list of objects into `{}`.
CREATE OR REPLACE FUNCTION netbox_deepmerge(original jsonb, new jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  key text;
  value jsonb;
  merged jsonb := original;
BEGIN
  IF jsonb_typeof(new) IS DISTINCT FROM 'object' THEN
    RETURN merged;
  END IF;
  FOR key, value IN SELECT e.key, e.value FROM jsonb_each(new) e LOOP
    IF jsonb_typeof(original -> key) = 'object' AND jsonb_typeof(value) = 'object' AND value <> '{}'::jsonb THEN
      merged := jsonb_set(merged, ARRAY[key], netbox_deepmerge(original -> key, value));
    ELSE
      merged := merged || jsonb_build_object(key, value);
    END IF;
  END LOOP;
  RETURN merged;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE AGGREGATE netbox_deepmerge_agg(jsonb) (SFUNC = netbox_deepmerge, STYPE = jsonb, INITCOND = '{}');
