"""Drives a ddblocal endpoint (the Docker container, or the binary when no engine can start) the
way a service under test would: boto3 with default settings, a table with a GSI, a batch load, a
newest-first query with paging, the GSI, a conditional update, a transaction and DynamoDB's error
codes. Usage: check_endpoint.py ENDPOINT. Prints one line per check; exits 1 on the first failure.
"""

import sys
import uuid

import boto3
from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
session = boto3.session.Session(
    aws_access_key_id="local", aws_secret_access_key="local", region_name="us-east-1"
)
client = session.client("dynamodb", endpoint_url=endpoint)
table_name = f"docker-check-{uuid.uuid4().hex[:8]}"


def check(name, expected, actual):
    if expected != actual:
        print(f"FAIL {name}\n     expected: {expected!r}\n     actual:   {actual!r}")
        sys.exit(1)
    print(f"ok   {name}")


def error_of(call):
    try:
        call()
    except ClientError as error:
        return error.response["Error"]["Code"], error.response["Error"]["Message"]
    return None


client.create_table(
    TableName=table_name,
    BillingMode="PAY_PER_REQUEST",
    AttributeDefinitions=[
        {"AttributeName": name, "AttributeType": "S"} for name in ("PK", "SK", "status")
    ],
    KeySchema=[
        {"AttributeName": "PK", "KeyType": "HASH"},
        {"AttributeName": "SK", "KeyType": "RANGE"},
    ],
    GlobalSecondaryIndexes=[
        {
            "IndexName": "by-status",
            "KeySchema": [
                {"AttributeName": "status", "KeyType": "HASH"},
                {"AttributeName": "SK", "KeyType": "RANGE"},
            ],
            "Projection": {"ProjectionType": "ALL"},
        }
    ],
)
client.get_waiter("table_exists").wait(TableName=table_name, WaiterConfig={"Delay": 1})
table = session.resource("dynamodb", endpoint_url=endpoint).Table(table_name)
check("the table is ACTIVE", "ACTIVE", table.table_status)

with table.batch_writer() as batch:
    batch.put_item(Item={"PK": "USER#1", "SK": "PROFILE", "version": 1})
    for day in range(1, 31):
        order = {"PK": "USER#1", "SK": f"ORDER#2026-11-{day:02d}"}
        if day % 10 == 0:
            order["status"] = "OPEN"  # the sparse index holds only open orders
        batch.put_item(Item=order)

newest = table.query(
    KeyConditionExpression=Key("PK").eq("USER#1") & Key("SK").begins_with("ORDER#"),
    ScanIndexForward=False,
    Limit=3,
)
check(
    "begins_with newest first, Limit 3",
    ["ORDER#2026-11-30", "ORDER#2026-11-29", "ORDER#2026-11-28"],
    [item["SK"] for item in newest["Items"]],
)
paged = client.get_paginator("query").paginate(
    TableName=table_name,
    KeyConditionExpression="PK = :p AND begins_with(SK, :o)",
    ExpressionAttributeValues={":p": {"S": "USER#1"}, ":o": {"S": "ORDER#"}},
    PaginationConfig={"PageSize": 7},
)
check("paging visits all 30 orders once", 30, sum(page["Count"] for page in paged))

open_orders = table.query(IndexName="by-status", KeyConditionExpression=Key("status").eq("OPEN"))
check(
    "the sparse GSI holds the open orders",
    ["ORDER#2026-11-10", "ORDER#2026-11-20", "ORDER#2026-11-30"],
    [item["SK"] for item in open_orders["Items"]],
)

table.update_item(
    Key={"PK": "USER#1", "SK": "PROFILE"},
    UpdateExpression="SET version = version + :one",
    ConditionExpression=Attr("version").eq(1),
    ExpressionAttributeValues={":one": 1},
)
stale = error_of(
    lambda: table.update_item(
        Key={"PK": "USER#1", "SK": "PROFILE"},
        UpdateExpression="SET version = version + :one",
        ConditionExpression=Attr("version").eq(1),
        ExpressionAttributeValues={":one": 1},
    )
)
check(
    "a stale optimistic lock fails",
    ("ConditionalCheckFailedException", "The conditional request failed"),
    stale,
)

client.transact_write_items(
    TransactItems=[
        {"Put": {"TableName": table_name, "Item": {"PK": {"S": "USER#2"}, "SK": {"S": "PROFILE"}}}},
        {
            "Update": {
                "TableName": table_name,
                "Key": {"PK": {"S": "USER#1"}, "SK": {"S": "PROFILE"}},
                "UpdateExpression": "SET friends = :one",
                "ExpressionAttributeValues": {":one": {"N": "1"}},
            }
        },
    ]
)
check(
    "the transaction wrote both items",
    ({"PK": "USER#2", "SK": "PROFILE"}, 1),
    (
        table.get_item(Key={"PK": "USER#2", "SK": "PROFILE"})["Item"],
        table.get_item(Key={"PK": "USER#1", "SK": "PROFILE"})["Item"]["friends"],
    ),
)

check(
    "a query without the partition key is refused as on AWS",
    ("ValidationException", "Query condition missed key schema element: PK"),
    error_of(
        lambda: client.query(
            TableName=table_name,
            KeyConditionExpression="SK = :s",
            ExpressionAttributeValues={":s": {"S": "PROFILE"}},
        )
    ),
)
check(
    "a consistent read on a GSI is refused as on AWS",
    ("ValidationException", "Consistent reads are not supported on global secondary indexes"),
    error_of(
        lambda: table.query(
            IndexName="by-status",
            KeyConditionExpression=Key("status").eq("OPEN"),
            ConsistentRead=True,
        )
    ),
)
client.delete_table(TableName=table_name)
print("all checks passed")
