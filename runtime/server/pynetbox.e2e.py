"""Drives the inventory slice with Debian's pynetbox, as a real client would.

Run by pynetbox.e2e.test.ts with NB_URL, NB_TOKEN, NB_USER and NB_PASSWORD set; prints one JSON
line of observations that the TypeScript test asserts on.
"""
import json
import os
import sys

import pynetbox

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
out = {}

out["version"] = nb.version
out["status_version"] = nb.status()["netbox-version"]

region = nb.dcim.regions.create(name="Americas", slug="americas")
site = nb.dcim.sites.create(name="NYC 1", slug="nyc-1", region=region.id, status="planned")
out["created_status"] = site.status.value
out["created_region"] = site.region.name

got = nb.dcim.sites.get(site.id)
out["get_name"] = got.name
out["get_by_slug"] = nb.dcim.sites.get(slug="nyc-1").id == site.id
out["missing_is_none"] = nb.dcim.sites.get(999999) is None

nb.dcim.sites.create([{"name": f"Bulk {i}", "slug": f"bulk-{i}"} for i in range(3)])
out["filter_count"] = len(list(nb.dcim.sites.filter(name__isw="bulk")))
out["count"] = nb.dcim.sites.count(name__isw="bulk")

got.description = "saved by pynetbox"
got.status = "active"
out["save"] = got.save()
again = nb.dcim.sites.get(site.id)
out["saved_description"] = again.description
out["saved_status"] = again.status.value

bulk = list(nb.dcim.sites.filter(name__isw="bulk"))
for record in bulk:
    record.description = "bulk-updated"
nb.dcim.sites.update(bulk)
out["bulk_updated"] = sorted({s.description for s in nb.dcim.sites.filter(name__isw="bulk")})

out["choices"] = [c["value"] for c in nb.dcim.sites.choices()["status"]]

out["delete"] = again.delete()
out["bulk_delete"] = nb.dcim.sites.delete(bulk)
out["remaining"] = nb.dcim.sites.count(name__isw="bulk")

tenant_group = nb.tenancy.tenant_groups.create(name="Customers", slug="customers")
tenant = nb.tenancy.tenants.create(name="Globex", slug="globex", group=tenant_group.id)
out["tenant_group"] = tenant.group.slug

token = nb.create_token(os.environ["NB_USER"], os.environ["NB_PASSWORD"])
out["provisioned_key_len"] = len(token.key)

print(json.dumps(out))
sys.stdout.flush()
