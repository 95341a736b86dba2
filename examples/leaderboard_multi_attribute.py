#!/usr/bin/env python3
"""Tournament leaderboard with a multi-attribute GSI: no synthetic keys, no zero padding.

leaderboard.py builds GSI1PK="SEASON#2026" and GSI1SK="<zero-padded rating>#PLAYER#id" by
concatenating strings. Since November 2025 a GSI key may list up to four HASH and four RANGE
attributes, so here the index "Board" reads the item's own attributes:
  partition key: tournament (S) + region (S)
  sort key:      score (N) + finishedAt (S)
Scores sort as numbers (975 before 1502), and a tie on score is broken by the time.

Access patterns:
  * the top N of one tournament and region (equality on both partition attributes, newest-first
    order on the sort attributes);
  * scores at or above a threshold (a range on the first sort attribute);
  * the runs with one score inside a time window (equality on score, BETWEEN on finishedAt);
  * every run of a region, page by page (LastEvaluatedKey carries every key attribute);
  * a player's profile, which has no tournament, stays out of the index (a sparse index).

Run: python3 examples/leaderboard_multi_attribute.py --endpoint-url http://localhost:8000
"""

import sys

from example_support import check, run_example, wait_active


RUNS = [
    # player, tournament, region, score, finishedAt
    ("p1", "WINTER2026", "EU", 1830, "2026-01-10T18:00:00Z"),
    ("p2", "WINTER2026", "EU", 2140, "2026-01-11T20:30:00Z"),
    ("p3", "WINTER2026", "EU", 975, "2026-01-12T11:15:00Z"),
    ("p4", "WINTER2026", "EU", 1502, "2026-01-12T09:00:00Z"),
    ("p5", "WINTER2026", "EU", 1502, "2026-01-14T21:45:00Z"),
    ("p6", "WINTER2026", "NA", 2600, "2026-01-10T02:00:00Z"),
    ("p7", "SPRING2026", "EU", 3000, "2026-04-01T12:00:00Z"),
]


def board_query(client, table, condition, values, **extra):
    return client.query(
        TableName=table, IndexName="Board", KeyConditionExpression=condition,
        ExpressionAttributeValues=values, **extra)


def run(client, table):
    client.create_table(
        TableName=table,
        BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[
            {"AttributeName": "PK", "AttributeType": "S"},
            {"AttributeName": "SK", "AttributeType": "S"},
            {"AttributeName": "tournament", "AttributeType": "S"},
            {"AttributeName": "region", "AttributeType": "S"},
            {"AttributeName": "score", "AttributeType": "N"},
            {"AttributeName": "finishedAt", "AttributeType": "S"},
        ],
        GlobalSecondaryIndexes=[{
            "IndexName": "Board",
            "KeySchema": [{"AttributeName": "tournament", "KeyType": "HASH"},
                          {"AttributeName": "region", "KeyType": "HASH"},
                          {"AttributeName": "score", "KeyType": "RANGE"},
                          {"AttributeName": "finishedAt", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"},
        }],
    )
    wait_active(client, table)
    print(f"created table {table} with GSI Board (tournament+region / score+finishedAt)")

    for player, tournament, region, score, finished in RUNS:
        client.put_item(TableName=table, Item={
            "PK": {"S": f"PLAYER#{player}"}, "SK": {"S": f"RUN#{tournament}"},
            "tournament": {"S": tournament}, "region": {"S": region},
            "score": {"N": str(score)}, "finishedAt": {"S": finished},
        })
        client.put_item(TableName=table, Item={
            "PK": {"S": f"PLAYER#{player}"}, "SK": {"S": "PROFILE"}, "region": {"S": region},
        })
    print(f"loaded {len(RUNS)} runs and {len(RUNS)} profiles")
    winter_eu = {":t": {"S": "WINTER2026"}, ":r": {"S": "EU"}}
    partition = "tournament = :t AND #region = :r"
    names = {"ExpressionAttributeNames": {"#region": "region"}}

    # 1. Top 3 of WINTER2026 in EU, highest score first.
    print("\nQuery Board: top 3 of WINTER2026/EU (ScanIndexForward=false, Limit=3)")
    response = board_query(client, table, partition, winter_eu, ScanIndexForward=False, Limit=3,
                           **names)
    top = [(item["PK"]["S"], item["score"]["N"]) for item in response["Items"]]
    for rank, (player, score) in enumerate(top, start=1):
        print(f"  #{rank} {player} {score}")
    check(top == [("PLAYER#p2", "2140"), ("PLAYER#p1", "1830"), ("PLAYER#p5", "1502")],
          f"top 3 of WINTER2026/EU: got {top}")
    print("top 3: p2, p1, p5")

    # 2. Numbers sort as numbers: the lowest score comes first without zero padding.
    response = board_query(client, table, partition, winter_eu, **names)
    scores = [int(item["score"]["N"]) for item in response["Items"]]
    print(f"\nQuery Board: all of WINTER2026/EU ascending -> {scores}")
    check(scores == sorted(scores) and scores[0] == 975, f"ascending scores: got {scores}")
    check(len(scores) == 5, f"profiles lack tournament and stay out of the index: got {len(scores)}")
    print("numeric order without padding: OK")

    # 3. A threshold on the first sort attribute.
    response = board_query(client, table, partition + " AND score >= :min",
                           dict(winter_eu, **{":min": {"N": "1500"}}), **names)
    players = sorted(item["PK"]["S"] for item in response["Items"])
    print(f"\nQuery Board: score >= 1500 -> {players}")
    check(players == ["PLAYER#p1", "PLAYER#p2", "PLAYER#p4", "PLAYER#p5"],
          f"score >= 1500: got {players}")
    print("threshold: 4 runs")

    # 4. Equality on score, then a time window on finishedAt.
    response = board_query(
        client, table, partition + " AND score = :s AND finishedAt BETWEEN :from AND :to",
        dict(winter_eu, **{":s": {"N": "1502"}, ":from": {"S": "2026-01-12"},
                           ":to": {"S": "2026-01-13"}}), **names)
    players = [item["PK"]["S"] for item in response["Items"]]
    print(f"\nQuery Board: score = 1502 finished on 2026-01-12 -> {players}")
    check(players == ["PLAYER#p4"], f"score 1502 on 2026-01-12: got {players}")
    print("time window: PLAYER#p4")

    # 5. Paging: every page's LastEvaluatedKey holds the table key and all four index attributes.
    pages, seen, start = 0, [], {}
    while True:
        response = board_query(client, table, partition, winter_eu, Limit=2, **names, **start)
        pages += 1
        seen += [item["PK"]["S"] for item in response["Items"]]
        if "LastEvaluatedKey" not in response:
            break
        check(sorted(response["LastEvaluatedKey"]) ==
              ["PK", "SK", "finishedAt", "region", "score", "tournament"],
              f"LastEvaluatedKey attributes: got {sorted(response['LastEvaluatedKey'])}")
        start = {"ExclusiveStartKey": response["LastEvaluatedKey"]}
    print(f"\nQuery Board with Limit=2: {pages} pages, {len(seen)} runs")
    check(len(seen) == 5 and len(set(seen)) == 5, f"paging: got {seen}")
    print("paging: 5 runs in 3 pages")

    # 6. DynamoDB's rule: sort attributes are conditioned left to right, with no gaps.
    try:
        board_query(client, table, partition + " AND finishedAt > :from",
                    dict(winter_eu, **{":from": {"S": "2026-01-12"}}), **names)
        check(False, "a condition on finishedAt without one on score should be refused")
    except client.exceptions.ClientError as error:
        message = error.response["Error"]["Message"]
        print(f"\nQuery Board on finishedAt alone -> {message}")
        check(message.startswith("RANGE key attributes score must have equality conditions"),
              f"gap message: got {message}")
    print("gap refused: OK")


if __name__ == "__main__":
    sys.exit(run_example(__doc__, "leaderboard_multi_attribute", run))
