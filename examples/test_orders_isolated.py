"""A pytest suite for an application's own code, tested against ddblocal the way this example
recommends: seed the tables once, save a snapshot, restore it before each test (per-test isolation
in a few milliseconds), and use fault injection to test the retry loop of a BatchWriteItem.

Run it against a running ddblocal (admin API on, the default):

    build/ddblocal --port 8000 &
    DDBLOCAL_ENDPOINT=http://localhost:8000 python3 -m pytest examples/test_orders_isolated.py

The "application" is save_orders(): it writes orders with BatchWriteItem and retries what DynamoDB
returns in UnprocessedItems, with a backoff, as the Developer Guide asks batch callers to.
"""

import json
import os
import time
import urllib.request

import boto3
import botocore.config
import pytest

ENDPOINT = os.environ.get("DDBLOCAL_ENDPOINT", "http://localhost:8000")
TABLE = "Orders"
SEEDED_ORDERS = 20
SNAPSHOT = "orders-seeded"


# --- the application under test ------------------------------------------------------------------

def save_orders(client, orders, max_attempts=8, base_delay=0.01):
    """Writes `orders` (DynamoDB JSON items) in batches of 25, retrying the unprocessed ones with
    exponential backoff. Returns how many BatchWriteItem calls it made; raises if some orders are
    still unprocessed after `max_attempts` calls for a batch."""
    calls = 0
    for start in range(0, len(orders), 25):
        pending = {TABLE: [{"PutRequest": {"Item": order}} for order in orders[start:start + 25]]}
        for attempt in range(max_attempts):
            calls += 1
            pending = client.batch_write_item(RequestItems=pending)["UnprocessedItems"]
            if not pending:
                break
            time.sleep(base_delay * 2 ** attempt)
        else:
            raise RuntimeError(f"{len(pending[TABLE])} orders still unprocessed")
    return calls


def order(customer, number, total):
    return {"PK": {"S": f"CUSTOMER#{customer}"}, "SK": {"S": f"ORDER#{number:06d}"},
            "total": {"N": str(total)}}


# --- the admin API, over plain HTTP --------------------------------------------------------------

def admin(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{ENDPOINT}/ddblocal/{path}", data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


# --- fixtures ------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def client():
    return boto3.client("dynamodb", endpoint_url=ENDPOINT, region_name="us-east-1",
                        aws_access_key_id="example", aws_secret_access_key="example",
                        config=botocore.config.Config(retries={"mode": "standard",
                                                               "max_attempts": 4}))


@pytest.fixture(scope="session", autouse=True)
def seeded(client):
    """Once per session: a clean server, the Orders table with its fixtures, and a snapshot."""
    admin("POST", "reset", {"region": "us-east-1", "accessKey": "example"})
    client.create_table(
        TableName=TABLE, BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}])
    save_orders(client, [order("seed", n, 10 * n) for n in range(SEEDED_ORDERS)])
    admin("PUT", f"snapshots/{SNAPSHOT}", {"region": "us-east-1", "accessKey": "example"})
    yield
    admin("DELETE", f"snapshots/{SNAPSHOT}")


@pytest.fixture(autouse=True)
def isolated():
    """Before each test: the seeded state, no fault rules, an empty request log."""
    admin("POST", f"snapshots/{SNAPSHOT}/restore")
    admin("DELETE", "faults")
    admin("DELETE", "requests")
    yield
    admin("DELETE", "faults")


def count_orders(client):
    return client.scan(TableName=TABLE, Select="COUNT")["Count"]


# --- tests ---------------------------------------------------------------------------------------

def test_a_test_that_adds_orders_sees_only_its_own(client):
    save_orders(client, [order("alice", n, 5) for n in range(3)])
    assert count_orders(client) == SEEDED_ORDERS + 3


def test_a_test_that_deletes_an_order_does_not_affect_the_others(client):
    client.delete_item(TableName=TABLE, Key={"PK": {"S": "CUSTOMER#seed"},
                                             "SK": {"S": "ORDER#000000"}})
    assert count_orders(client) == SEEDED_ORDERS - 1


def test_the_retry_loop_writes_every_order_when_batches_come_back_unprocessed(client):
    # Half of each of the next three BatchWriteItems comes back unprocessed (reproducibly).
    admin("PUT", "faults", {"seed": 7, "rules": [
        {"operation": "BatchWriteItem", "error": "UnprocessedItems", "share": 0.5, "count": 3}]})
    orders = [order("bob", n, n) for n in range(25)]
    calls = save_orders(client, orders)
    assert calls == 4  # three partial answers, then the rest in one call
    assert count_orders(client) == SEEDED_ORDERS + 25
    logged = admin("GET", "requests")["requests"]
    assert [entry["operation"] for entry in logged].count("BatchWriteItem") == 4


def test_the_retry_loop_gives_up_when_nothing_gets_through(client):
    admin("PUT", "faults", {"rules": [
        {"operation": "BatchWriteItem", "error": "UnprocessedItems", "share": 1}]})
    with pytest.raises(RuntimeError, match="25 orders still unprocessed"):
        save_orders(client, [order("carol", n, n) for n in range(25)], max_attempts=3)
    assert count_orders(client) == SEEDED_ORDERS  # nothing was written


def test_the_sdk_retries_a_throttled_batch_on_its_own(client):
    admin("PUT", "faults", {"rules": [
        {"operation": "BatchWriteItem", "error": "ProvisionedThroughputExceededException",
         "count": 2}]})
    assert save_orders(client, [order("dave", 1, 1)]) == 1  # one call for the application
    statuses = [entry["status"] for entry in admin("GET", "requests")["requests"]]
    assert statuses == [400, 400, 200]  # three requests on the wire: boto3 retried twice
