"""Drives data sources and synced config templates with Debian's pynetbox, as a real client would:
a local data source read back with `core.data_sources.get(id)`, synced through `sync/`, its data
files listed by source, a config template taking its code from one of them, and the template's
own `sync/` after the file changed.

pynetbox 7.0 has no `nb.core` (newer pynetbox has it built in): the script builds the app as
pynetbox builds its others, `App(nb, "core")`. `sync/` is a detail route, reached as pynetbox
reaches `available-ips/`, with a DetailEndpoint.

Run by pynetbox.datasources.e2e.test.ts with NB_URL, NB_TOKEN and SOURCE_DIR (a directory holding
`templates/leaf.j2`) set; prints one JSON line of observations that the TypeScript test asserts on.
"""
import json
import os
import time

import pynetbox
from pynetbox.core.app import App
from pynetbox.core.endpoint import DetailEndpoint

nb = pynetbox.api(os.environ["NB_URL"], token=os.environ["NB_TOKEN"])
core = getattr(nb, "core", None) or App(nb, "core")
source_dir = os.environ["SOURCE_DIR"]
out = {}

created = core.data_sources.create(name="Configs", type="local", source_url="file://" + source_dir, ignore_rules="*.bak")
source = core.data_sources.get(created.id)
out["before"] = [source.name, source.type, source.status.value, source.last_synced]

def wait_for_sync(source):
    """sync/ enqueues a job: poll core/jobs/ until the source's newest job has ended, as a client would."""
    for _ in range(600):
        jobs = list(core.jobs.filter(object_type="core.datasource", object_id=source.id, limit=1))
        if jobs and jobs[0].status.value in ("completed", "failed", "errored"):
            return jobs[0]
        time.sleep(0.05)
    raise RuntimeError("the sync job did not end")


synced = DetailEndpoint(source, "sync").create()
out["sync_answer"] = [synced["id"], synced["status"]["value"], synced["file_count"]]
job = wait_for_sync(source)
out["job"] = [job.name, job.status.value, job.user.username]
source = core.data_sources.get(created.id)
out["after"] = [source.status.value, source.last_synced is not None]
files = list(core.data_files.filter(source_id=source.id))
out["files"] = sorted(f.path for f in files)
leaf = next(f for f in files if f.path == "templates/leaf.j2")
out["leaf_source"] = leaf.source.name

template = nb.extras.config_templates.create(name="Leaf", template_code="-", data_file=leaf.id)
out["template"] = [template.template_code, template.data_path, template.data_source.name]

with open(os.path.join(source_dir, "templates", "leaf.j2"), "w") as f:
    f.write("hostname {{ device.name }} v2\n")
DetailEndpoint(source, "sync").create()
wait_for_sync(source)
out["template_before_own_sync"] = nb.extras.config_templates.get(template.id).template_code
answer = DetailEndpoint(template, "sync").create()
out["template_sync_answer"] = answer["template_code"]
out["template_after"] = nb.extras.config_templates.get(template.id).template_code

print(json.dumps(out))
