-- Hand-written: the stored prefix hierarchy of 0020_prefix_hierarchy for the prefixes that exist
-- already, computed once as NetBox's annotate_hierarchy computes `_depth` and `_children` (per VRF,
-- the global table being one), and the VRF order. The free space stays null (not known yet): the
-- first read of a prefix's available prefixes computes and stores it. A prefix's strict subnets are
-- read as the btree range they sort in (after it, up to its last address): through the GiST index
-- (`<<`) the same count took 42 s instead of 0.3 s for 100,000 prefixes.
UPDATE "ipam_prefix" p SET
  "_depth" = (SELECT count(DISTINCT a."prefix") FROM "ipam_prefix" a WHERE a."prefix" >> p."prefix" AND COALESCE(a."vrf_id", 0) = COALESCE(p."vrf_id", 0)),
  "_children" = (SELECT count(*) FROM "ipam_prefix" c WHERE c."prefix" > p."prefix" AND c."prefix" <= set_masklen(broadcast(p."prefix"), CASE family(p."prefix") WHEN 4 THEN 32 ELSE 128 END)::cidr AND COALESCE(c."vrf_id", 0) = COALESCE(p."vrf_id", 0)),
  "_vrf_order" = COALESCE(p."vrf_id", 0);
