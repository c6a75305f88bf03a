"""Uploads and runs a custom script with Debian's pynetbox, as a real client would: the module is
sent as multipart `file` to `extras/scripts/upload/` over pynetbox's own HTTP session (pynetbox 7.0
has no upload helper), the script read back with `extras.scripts.get(id)` and filtered by name,
run by a POST to its detail URL, and its job polled through `core.jobs.get(id)` until it ends.

pynetbox 7.0 has no `nb.core`: the script builds the app as pynetbox builds its others.

Run by pynetbox.scripts.e2e.test.ts with NB_URL and NB_TOKEN set; prints one JSON line of
observations that the TypeScript test asserts on.
"""
import json
import os
import time

import pynetbox
from pynetbox.core.app import App

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
core = getattr(nb, "core", None) or App(nb, "core")
auth = {"Authorization": "Token " + os.environ["NB_TOKEN"], "Accept": "application/json"}
out = {}

MODULE = """
export class AddTenant extends Script {
  static description = 'Adds a tenant';
  static vars = { name: new StringVar({ max_length: 30 }) };
  async run(data, commit) {
    const tenant = await this.netbox.create('tenancy/tenants/', { name: data.name, slug: data.name.toLowerCase() });
    this.log_success('Created ' + tenant.name, tenant);
    return 'ok';
  }
}
"""

uploaded = nb.http_session.post(nb.base_url + "/extras/scripts/upload/", headers=auth, files={"file": ("tenants.js", MODULE, "text/javascript")})
out["upload"] = [uploaded.status_code, uploaded.json()["file_path"]]

script = nb.extras.scripts.get(name="AddTenant")
out["script"] = [script.name, script.description, dict(script.vars), script.display]

ran = nb.http_session.post(script.url, headers=auth, json={"data": {"name": "Acme"}, "commit": True})
job_id = ran.json()["result"]["id"]
out["run_status"] = ran.status_code

job = core.jobs.get(job_id)
deadline = time.time() + 60
while job.status.value not in ("completed", "errored", "failed") and time.time() < deadline:
    time.sleep(0.1)
    job = core.jobs.get(job_id)
out["job"] = [job.status.value, job.name, job.data["output"], [entry["message"] for entry in job.data["log"]]]
out["tenant"] = nb.tenancy.tenants.get(slug="acme").name

bad = nb.http_session.post(script.url, headers=auth, json={"data": {"name": "x" * 40}, "commit": True})
out["invalid"] = [bad.status_code, bad.json()]

print(json.dumps(out))
