#!/usr/bin/env python3
"""Game leaderboard in one DynamoDB table.

Access patterns:
  * a player's profile and recent matches, newest first (one partition, begins_with on SK);
  * the season's top-N players by rating (GSI1: GSI1PK=SEASON#2026, GSI1SK=<zero-padded rating>#PLAYER#id);
  * player lookup by handle (hash-only GSI "ByHandle").

Run: python3 examples/leaderboard.py --endpoint-url http://localhost:8000
"""

import sys

from example_support import check, run_example, wait_active


PLAYERS = [
    # id, handle, rating
    ("p1", "zelda", 1830),
    ("p2", "link", 2140),
    ("p3", "ganon", 975),
    ("p4", "impa", 1502),
    ("p5", "midna", 2010),
]

MATCHES = [
    # player, iso date, result, rating change
    ("p2", "2026-03-01T18:00:00Z", "win", 12),
    ("p2", "2026-03-04T20:30:00Z", "loss", -9),
    ("p2", "2026-02-27T11:15:00Z", "win", 15),
    ("p1", "2026-03-02T09:00:00Z", "win", 10),
]


def rating_key(rating, player_id):
    return f"{rating:06d}#PLAYER#{player_id}"


def run(client, table):
    client.create_table(
        TableName=table,
        BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                              for n in ("PK", "SK", "GSI1PK", "GSI1SK", "handle")],
        GlobalSecondaryIndexes=[
            {"IndexName": "GSI1",
             "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                           {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "ByHandle",
             "KeySchema": [{"AttributeName": "handle", "KeyType": "HASH"}],
             "Projection": {"ProjectionType": "KEYS_ONLY"}},
        ],
    )
    wait_active(client, table)
    print(f"created table {table}")

    for player_id, handle, rating in PLAYERS:
        client.put_item(TableName=table, Item={
            "PK": {"S": f"PLAYER#{player_id}"}, "SK": {"S": "PROFILE"},
            "handle": {"S": handle}, "rating": {"N": str(rating)},
            "GSI1PK": {"S": "SEASON#2026"}, "GSI1SK": {"S": rating_key(rating, player_id)},
        })
    for player_id, date, result, delta in MATCHES:
        client.put_item(TableName=table, Item={
            "PK": {"S": f"PLAYER#{player_id}"}, "SK": {"S": f"MATCH#{date}"},
            "result": {"S": result}, "delta": {"N": str(delta)},
        })
    print(f"loaded {len(PLAYERS)} profiles and {len(MATCHES)} matches")

    # 1. A player's matches, newest first.
    print("\nQuery: matches of PLAYER#p2, newest first (begins_with(SK, 'MATCH#'), ScanIndexForward=false)")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND begins_with(SK, :prefix)",
        ExpressionAttributeValues={":pk": {"S": "PLAYER#p2"}, ":prefix": {"S": "MATCH#"}},
        ScanIndexForward=False,
    )
    dates = [item["SK"]["S"] for item in response["Items"]]
    for item in response["Items"]:
        print(f"  {item['SK']['S']}  {item['result']['S']:4}  {item['delta']['N']:>3}")
    expected = sorted((f"MATCH#{d}" for p, d, _, _ in MATCHES if p == "p2"), reverse=True)
    check(dates == expected, f"matches of p2 newest first: expected {expected}, got {dates}")
    print("matches newest first: OK")

    # 2. Profile plus matches in one request (whole item collection).
    print("\nQuery: whole item collection of PLAYER#p2 (profile + matches)")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk",
        ExpressionAttributeValues={":pk": {"S": "PLAYER#p2"}},
    )
    kinds = [item["SK"]["S"].split("#")[0] for item in response["Items"]]
    print(f"  sort keys: {[item['SK']['S'] for item in response['Items']]}")
    check(kinds == ["MATCH", "MATCH", "MATCH", "PROFILE"],
          f"item collection of p2: expected 3 MATCH items then PROFILE, got {kinds}")
    print("profile and matches in one query: OK")

    # 3. Top 3 of the season, highest rating first.
    print("\nQuery GSI1: top 3 of SEASON#2026 (ScanIndexForward=false, Limit=3)")
    response = client.query(
        TableName=table, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :season",
        ExpressionAttributeValues={":season": {"S": "SEASON#2026"}},
        ScanIndexForward=False, Limit=3,
    )
    top = []
    for rank, item in enumerate(response["Items"], start=1):
        top.append(item["handle"]["S"])
        print(f"  #{rank} {item['handle']['S']:6} rating {item['rating']['N']}  ({item['GSI1SK']['S']})")
    expected_top = [h for _, h, _ in sorted(PLAYERS, key=lambda p: -p[2])][:3]
    check(top == expected_top, f"top 3: expected {expected_top}, got {top}")
    check("LastEvaluatedKey" in response, "top 3 with Limit=3 of 5 players should return LastEvaluatedKey")
    print(f"top 3: {', '.join(top)}")

    # 4. A rating change moves the player in the index.
    print("\nUpdate: ganon's rating 975 -> 2500 (GSI1SK rewritten)")
    client.update_item(
        TableName=table, Key={"PK": {"S": "PLAYER#p3"}, "SK": {"S": "PROFILE"}},
        UpdateExpression="SET rating = :r, GSI1SK = :sk",
        ExpressionAttributeValues={":r": {"N": "2500"}, ":sk": {"S": rating_key(2500, "p3")}},
    )
    response = client.query(
        TableName=table, IndexName="GSI1",
        KeyConditionExpression="GSI1PK = :season",
        ExpressionAttributeValues={":season": {"S": "SEASON#2026"}},
        ScanIndexForward=False, Limit=1,
    )
    leader = response["Items"][0]["handle"]["S"] if response["Items"] else None
    print(f"  new leader: {leader}")
    check(leader == "ganon", f"after the update the leader should be ganon, got {leader}")
    print("new leader: ganon")

    # 5. Handle -> player lookup on the hash-only GSI.
    print("\nQuery ByHandle: handle = 'midna'")
    response = client.query(
        TableName=table, IndexName="ByHandle",
        KeyConditionExpression="handle = :h",
        ExpressionAttributeValues={":h": {"S": "midna"}},
    )
    found = [item["PK"]["S"] for item in response["Items"]]
    print(f"  {found}")
    check(found == ["PLAYER#p5"], f"handle midna should map to PLAYER#p5, got {found}")
    print("handle midna -> PLAYER#p5")


if __name__ == "__main__":
    sys.exit(run_example(__doc__, "leaderboard", run))
