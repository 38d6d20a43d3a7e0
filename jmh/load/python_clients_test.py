"""The round trip of issue 38 through clients openapi-python-client generated from each service's own document.

Run by jmh/load/python-clients.sh, which generates arena_client and feature_client and starts both services:
    python python_clients_test.py ARENA_URL FEATURE_URL FEATURE_PASSWORD ARENA_STATIC_DIR
Each step asserts on the typed answer the generated client parsed (a model, a Problem, a ValidationProblem),
never on raw JSON; a failed step raises, so the exit status is non-zero.
"""
import base64
import io
import sys
import uuid

import httpx
from ruamel.yaml import YAML

from arena_client import Client as ArenaClient
from arena_client.api.crud_controller import (crud_controller_by_id, crud_controller_create,
                                              crud_controller_update)
from arena_client.api.baseline import baseline_post
from arena_client.api.open_api import openapi_yaml
from arena_client.api.static import static
from arena_client.api.upload_controller import upload_controller_upload
from arena_client.models import ModelItem, ModelItemUpdate, ModelNewItem, UploadControllerUploadBody
from arena_client.models import Problem as ArenaProblem
from arena_client.models import ValidationProblem as ArenaValidationProblem
from arena_client.types import File as ArenaFile
from feature_client import AuthenticatedClient, Client as FeatureClient
from feature_client.api.admin import admin_stats
from feature_client.api.widgets import (widgets_attach, widgets_by_id, widgets_create, widgets_list,
                                        widgets_update)
from feature_client.models import (Problem, ValidationProblem, Widget, WidgetAttachment, WidgetColor,
                                   WidgetNew, WidgetPage, WidgetsAttachBody, WidgetStats)
from feature_client.types import File


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    print("ok  " + what)


def arena(url):
    client = ArenaClient(base_url=url, raise_on_unexpected_status=True)
    item_id = 300_000 + uuid.uuid4().int % 100_000
    sent = ModelNewItem(id=item_id, name="Python item", category="python", price=42, quantity=7)
    created = crud_controller_create.sync(client=client, body=sent)
    check(isinstance(created, ModelNewItem) and created.id == item_id, "arena: create answers the item")
    read = crud_controller_by_id.sync(item_id, client=client)
    check(isinstance(read, ModelItem) and read.name == "Python item" and read.price == 42, "arena: read it back")
    # the update leaves the optional category out (UNSET): not sent, not null
    updated = crud_controller_update.sync(item_id, client=client,
                                          body=ModelItemUpdate(name="Renamed", price=43, quantity=8))
    check(isinstance(updated, ModelNewItem) and updated.name == "Renamed" and updated.category == "python",
          "arena: update with the optional category left out")
    missing = crud_controller_by_id.sync(2_000_000_000, client=client)
    check(isinstance(missing, ArenaProblem) and missing.status == 404, "arena: a missing item is a typed 404 problem")
    invalid = crud_controller_create.sync(client=client, body=ModelNewItem(id=item_id, name=" ", category="python",
                                                                           price=-1, quantity=1))
    check(isinstance(invalid, ArenaValidationProblem) and invalid.status == 400
          and {e.field for e in invalid.errors} >= {"body.name", "body.price"},
          "arena: invalid input is a typed validation problem naming the fields")
    upload = upload_controller_upload.sync(client=client, body=UploadControllerUploadBody(
        title="report", file=[ArenaFile(payload=io.BytesIO(b"hello arena"), file_name="a.txt", mime_type="text/plain")]))
    check(upload == "report: 1 files, 11 bytes", "arena: a file upload arrives with its name and size")


def arena_text_routes(url, static_dir):
    client = ArenaClient(base_url=url, raise_on_unexpected_status=True)
    check(baseline_post.sync(client=client, body=20, a=13, b=42) == "75", "arena: a number body summed (POST /baseline11)")
    expected = open(f"{static_dir}/reset.css", "rb").read()
    served = static.sync("reset.css", client=client)
    check(served.payload.read() == expected, "arena: a static file arrives as its bytes")
    # read with the YAML reader the generator itself installs; the document must be the one /openapi.json serves
    text = openapi_yaml.sync(client=client)
    document = YAML(typ="safe").load(text)
    check(document == httpx.get(f"{url}/openapi.json").json(), "arena: /openapi.yaml arrives as text, the same document")


def feature(url, password):
    anonymous = FeatureClient(base_url=url, raise_on_unexpected_status=True)
    # the generated AuthenticatedClient sends "<prefix> <token>": Basic with base64(user:password)
    token = base64.b64encode(f"admin:{password}".encode()).decode()
    admin = AuthenticatedClient(base_url=url, token=token, prefix="Basic", raise_on_unexpected_status=True)
    new = WidgetNew(name="Sprocket", color=WidgetColor.GREEN, price_cents=1250, tags=["metal", "small"])
    created = widgets_create.sync(client=anonymous, body=new, x_tenant="acme")
    check(isinstance(created, Widget) and created.name == "Sprocket" and created.tenant == "acme",
          "feature: create answers the widget with its id")
    check(created.finish is None, "feature: the optional enum left out comes back null, and parses")
    read = widgets_by_id.sync(created.id, client=anonymous)
    check(isinstance(read, Widget) and read.color == WidgetColor.GREEN and read.tags == ["metal", "small"],
          "feature: read it back")
    changed = WidgetNew(name="Sprocket 2", color=WidgetColor.BLUE, price_cents=1300)
    updated = widgets_update.sync(created.id, client=anonymous, body=changed, x_tenant="acme")
    check(isinstance(updated, Widget) and updated.name == "Sprocket 2" and updated.color == WidgetColor.BLUE,
          "feature: update")
    page = widgets_list.sync(client=anonymous, color=WidgetColor.BLUE, limit=100)
    check(isinstance(page, WidgetPage) and any(w.id == created.id for w in page.items),
          "feature: list by an optional enum query parameter")
    missing = widgets_by_id.sync(uuid.uuid4(), client=anonymous)
    check(isinstance(missing, Problem) and missing.status == 404, "feature: a missing widget is a typed 404 problem")
    invalid = widgets_create.sync(client=anonymous, x_tenant="acme",
                                  body=WidgetNew(name=" ", color=WidgetColor.RED, price_cents=-5))
    check(isinstance(invalid, ValidationProblem) and invalid.status == 400
          and {e.field for e in invalid.errors} >= {"body.name", "body.priceCents"},
          "feature: invalid input is a typed validation problem naming the fields")
    attached = widgets_attach.sync(created.id, client=anonymous, body=WidgetsAttachBody(
        file=File(payload=io.BytesIO(b"spec sheet"), file_name="spec.txt", mime_type="text/plain")))
    check(isinstance(attached, WidgetAttachment) and attached.filename == "spec.txt" and attached.size == 10,
          "feature: a file upload")
    # Admin is registered inside group("/api"): the document must name it with the prefix
    check("/api/" in admin_stats._get_kwargs()["url"], "feature: the admin route is documented under its group prefix")
    stats = admin_stats.sync(client=admin)
    check(isinstance(stats, WidgetStats) and stats.widgets >= 1, "feature: the admin route with Basic credentials")
    denied = admin_stats.sync(client=anonymous)
    check(isinstance(denied, Problem) and denied.status == 401, "feature: without credentials a typed 401 problem")


if __name__ == "__main__":
    arena_url, feature_url, feature_password, static_dir = sys.argv[1:5]
    if arena_url != "-":
        arena(arena_url)
        arena_text_routes(arena_url, static_dir)
    if feature_url != "-":
        feature(feature_url, feature_password)
