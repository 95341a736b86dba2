#!/usr/bin/env python3
"""E-commerce orders in one DynamoDB table.

Access patterns:
  * place an order with its line items atomically (TransactWriteItems);
  * a customer's orders, newest first (CUSTOMER#id partition, SK ORDER#<date>#<id>);
  * an order's line items (ORDER#id partition, SK ITEM#<n>);
  * open orders via a sparse GSI "ActiveOrders" (activeStatus exists only while an order is open;
    completing the order REMOVEs it, which drops the order from the index);
  * the customer of an order via the inverted GSI "Inverted" (SK as partition key, PK as sort key).

Run: python3 examples/store.py --endpoint-url http://localhost:8000
"""

import sys

from botocore.exceptions import ClientError

from example_support import ExampleFailure, check, run_example, wait_active


ORDERS = [
    # customer, order id, date, status, line items (sku, qty, price in cents)
    ("c1", "o100", "2026-03-01", "PENDING", [("BOOK-42", 1, 2599), ("PEN-7", 3, 199)]),
    ("c1", "o101", "2026-03-05", "SHIPPED", [("MUG-1", 2, 1250)]),
    ("c2", "o200", "2026-03-03", "PENDING", [("LAMP-9", 1, 4900), ("BULB-2", 4, 350), ("CORD-1", 1, 899)]),
]


def order_ref(date, order_id):
    """The order's sort key in its customer's partition, also printed on the receipt."""
    return f"ORDER#{date}#{order_id}"


def place_order(client, table, customer, order_id, date, status, lines):
    """One transaction: the order in the customer partition, its line items in the order
    partition, and the customer's order count. Fails as a whole if the order already exists."""
    total = sum(qty * price for _, qty, price in lines)
    actions = [{"Put": {
        "TableName": table,
        "Item": {"PK": {"S": f"CUSTOMER#{customer}"}, "SK": {"S": order_ref(date, order_id)},
                 "orderId": {"S": order_id}, "status": {"S": status},
                 "activeStatus": {"S": status}, "total": {"N": str(total)}},
        "ConditionExpression": "attribute_not_exists(PK)",
    }}]
    for n, (sku, qty, price) in enumerate(lines, start=1):
        actions.append({"Put": {
            "TableName": table,
            "Item": {"PK": {"S": f"ORDER#{order_id}"}, "SK": {"S": f"ITEM#{n}"},
                     "sku": {"S": sku}, "qty": {"N": str(qty)}, "price": {"N": str(price)}},
            "ConditionExpression": "attribute_not_exists(PK)",
        }})
    actions.append({"Update": {
        "TableName": table,
        "Key": {"PK": {"S": f"CUSTOMER#{customer}"}, "SK": {"S": "PROFILE"}},
        "UpdateExpression": "ADD orderCount :one",
        "ExpressionAttributeValues": {":one": {"N": "1"}},
    }})
    client.transact_write_items(TransactItems=actions)
    return total


def active_orders(client, table):
    items = []
    kwargs = {"TableName": table, "IndexName": "ActiveOrders"}
    while True:
        response = client.scan(**kwargs)
        items.extend(response["Items"])
        if "LastEvaluatedKey" not in response:
            return sorted(item["orderId"]["S"] for item in items)
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]


def run(client, table):
    client.create_table(
        TableName=table,
        BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                              for n in ("PK", "SK", "activeStatus")],
        GlobalSecondaryIndexes=[
            {"IndexName": "ActiveOrders",
             "KeySchema": [{"AttributeName": "activeStatus", "KeyType": "HASH"},
                           {"AttributeName": "SK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "Inverted",
             "KeySchema": [{"AttributeName": "SK", "KeyType": "HASH"},
                           {"AttributeName": "PK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "KEYS_ONLY"}},
        ],
    )
    wait_active(client, table)
    print(f"created table {table}")

    for customer, name in (("c1", "Ada"), ("c2", "Grace")):
        client.put_item(TableName=table, Item={
            "PK": {"S": f"CUSTOMER#{customer}"}, "SK": {"S": "PROFILE"}, "name": {"S": name}})

    # 1. Place orders with TransactWriteItems.
    print("\nTransactWriteItems: place orders with their line items")
    for customer, order_id, date, status, lines in ORDERS:
        total = place_order(client, table, customer, order_id, date, status, lines)
        print(f"  placed {order_id} for CUSTOMER#{customer}: {len(lines)} line items, total {total}")

    print("\nTransactWriteItems: place o100 again (must be cancelled as a whole)")
    try:
        place_order(client, table, "c1", "o100", "2026-03-01", "PENDING", [("X", 1, 1)] * 3)
        raise ExampleFailure("placing o100 twice should have been cancelled")
    except ClientError as error:
        code = error.response["Error"]["Code"]
        check(code == "TransactionCanceledException",
              f"duplicate order: expected TransactionCanceledException, got {code}")
        print(f"  {code}")
    profile = client.get_item(TableName=table, Key={
        "PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "PROFILE"}})["Item"]
    count = profile.get("orderCount", {}).get("N")
    check(count == "2", f"c1's orderCount should stay 2 after the cancelled transaction, got {count}")
    print("duplicate order cancelled, orderCount still 2")

    # 2. A customer's orders, newest first.
    print("\nQuery: orders of CUSTOMER#c1, newest first")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues={":pk": {"S": "CUSTOMER#c1"}, ":prefix": {"S": "ORDER#"}},
        ScanIndexForward=False,
    )
    refs = [item["SK"]["S"] for item in response["Items"]]
    for item in response["Items"]:
        print(f"  {item['SK']['S']}  {item['status']['S']:8} total {item['total']['N']}")
    expected = ["ORDER#2026-03-05#o101", "ORDER#2026-03-01#o100"]
    check(refs == expected, f"orders of c1: expected {expected}, got {refs}")
    print("customer orders newest first: OK")

    # 3. An order's line items.
    print("\nQuery: line items of ORDER#o200")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues={":pk": {"S": "ORDER#o200"}, ":prefix": {"S": "ITEM#"}},
    )
    skus = [item["sku"]["S"] for item in response["Items"]]
    for item in response["Items"]:
        print(f"  {item['SK']['S']}  {item['sku']['S']:8} x{item['qty']['N']}")
    check(skus == ["LAMP-9", "BULB-2", "CORD-1"], f"line items of o200: got {skus}")
    print("order o200 has 3 line items")

    # 4. Sparse GSI of active orders.
    print("\nScan ActiveOrders (sparse GSI)")
    active = active_orders(client, table)
    print(f"  {active}")
    check(active == ["o100", "o101", "o200"], f"active orders: expected o100, o101, o200, got {active}")
    print("\nQuery ActiveOrders: activeStatus = PENDING")
    response = client.query(
        TableName=table, IndexName="ActiveOrders",
        KeyConditionExpression="activeStatus = :s",
        ExpressionAttributeValues={":s": {"S": "PENDING"}},
    )
    pending = [item["orderId"]["S"] for item in response["Items"]]
    print(f"  {pending}")
    check(pending == ["o100", "o200"], f"pending orders: expected [o100, o200], got {pending}")

    print("\nUpdate: complete o101 (SET status = COMPLETED REMOVE activeStatus)")
    client.update_item(
        TableName=table,
        Key={"PK": {"S": "CUSTOMER#c1"}, "SK": {"S": "ORDER#2026-03-05#o101"}},
        UpdateExpression="SET #st = :done REMOVE activeStatus",
        ExpressionAttributeNames={"#st": "status"},
        ExpressionAttributeValues={":done": {"S": "COMPLETED"}},
    )
    active = active_orders(client, table)
    print(f"  ActiveOrders now: {active}")
    check(active == ["o100", "o200"], f"after completing o101 the active orders should be o100, o200, got {active}")
    print("completed order left the sparse index")

    # 5. Inverted GSI: who placed this order?
    print("\nQuery Inverted: SK = ORDER#2026-03-03#o200")
    response = client.query(
        TableName=table, IndexName="Inverted",
        KeyConditionExpression="SK = :ref",
        ExpressionAttributeValues={":ref": {"S": "ORDER#2026-03-03#o200"}},
    )
    owners = [item["PK"]["S"] for item in response["Items"]]
    print(f"  {owners}")
    check(owners == ["CUSTOMER#c2"], f"order o200 should belong to CUSTOMER#c2, got {owners}")
    print("order o200 belongs to CUSTOMER#c2")


if __name__ == "__main__":
    sys.exit(run_example(__doc__, "store", run))
