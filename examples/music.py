#!/usr/bin/env python3
"""Music catalogue in one DynamoDB table.

Access patterns:
  * an artist partition holding the artist item (ARTIST#<slug>), albums (ALBUM#<year>) and songs
    (SONG#<album>#<track>); a BETWEEN on SK reads a range that spans item types;
  * an overloaded GSI "GSI1": albums are indexed by YEAR#<year>, songs by TITLE#<title>;
  * a write-sharded GSI "ByGenre": GSI2PK = GENRE#<genre>#<0..3> (hash of the song key), read by
    querying every shard and merging, for the most played songs of a genre;
  * optimistic locking: updates carry "version = :expected"; a stale writer gets
    ConditionalCheckFailedException, re-reads the item and retries.

Run: python3 examples/music.py --endpoint-url http://localhost:8000
"""

import heapq
import sys
import zlib

from botocore.exceptions import ClientError

from example_support import ExampleFailure, check, run_example, wait_active


SHARDS = 4

ALBUMS = [
    # artist, slug, year, title
    ("radiohead", "ok-computer", 1997, "OK Computer"),
    ("radiohead", "kid-a", 2000, "Kid A"),
    ("radiohead", "in-rainbows", 2007, "In Rainbows"),
    ("portishead", "dummy", 1994, "Dummy"),
    ("portishead", "portishead", 1997, "Portishead"),
    ("portishead", "third", 2008, "Third"),
]

SONGS = [
    # artist, album, track, title, genre, plays
    ("radiohead", "ok-computer", 1, "Airbag", "rock", 500),
    ("radiohead", "ok-computer", 2, "Paranoid Android", "rock", 900),
    ("radiohead", "kid-a", 1, "Everything In Its Right Place", "electronic", 800),
    ("radiohead", "kid-a", 2, "Kid A", "electronic", 300),
    ("radiohead", "kid-a", 3, "The National Anthem", "rock", 400),
    ("radiohead", "in-rainbows", 1, "15 Step", "rock", 350),
    ("radiohead", "in-rainbows", 4, "Weird Fishes", "rock", 700),
    ("portishead", "dummy", 1, "Mysterons", "trip-hop", 200),
    ("portishead", "dummy", 2, "Sour Times", "trip-hop", 650),
    ("portishead", "dummy", 11, "Glory Box", "trip-hop", 950),
    ("portishead", "portishead", 1, "Cowboys", "trip-hop", 150),
    ("portishead", "third", 1, "Silence", "rock", 250),
    ("portishead", "third", 7, "Machine Gun", "electronic", 600),
]


def shard_of(key):
    """A stable shard number 0..SHARDS-1 for a song key, so writes spread over SHARDS partitions."""
    return zlib.crc32(key.encode()) % SHARDS


def query_all(client, **kwargs):
    items = []
    while True:
        response = client.query(**kwargs)
        items.extend(response["Items"])
        if "LastEvaluatedKey" not in response:
            return items
        kwargs["ExclusiveStartKey"] = response["LastEvaluatedKey"]


def top_of_genre(client, table, genre, n):
    """Queries every shard of the genre (highest plays first) and merges the sorted results."""
    per_shard = []
    for shard in range(SHARDS):
        items = client.query(
            TableName=table, IndexName="ByGenre",
            KeyConditionExpression="GSI2PK = :g",
            ExpressionAttributeValues={":g": {"S": f"GENRE#{genre}#{shard}"}},
            ScanIndexForward=False, Limit=n,
        )["Items"]
        print(f"  shard GENRE#{genre}#{shard}: {len(items)} item(s)")
        per_shard.append(items)
    merged = heapq.merge(*per_shard, key=lambda item: int(item["plays"]["N"]), reverse=True)
    return list(merged)[:n]


def run(client, table):
    client.create_table(
        TableName=table,
        BillingMode="PAY_PER_REQUEST",
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                              for n in ("PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK")],
        GlobalSecondaryIndexes=[
            {"IndexName": "GSI1",
             "KeySchema": [{"AttributeName": "GSI1PK", "KeyType": "HASH"},
                           {"AttributeName": "GSI1SK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "ALL"}},
            {"IndexName": "ByGenre",
             "KeySchema": [{"AttributeName": "GSI2PK", "KeyType": "HASH"},
                           {"AttributeName": "GSI2SK", "KeyType": "RANGE"}],
             "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["title", "plays"]}},
        ],
    )
    wait_active(client, table)
    print(f"created table {table}")

    for artist, name in (("radiohead", "Radiohead"), ("portishead", "Portishead")):
        client.put_item(TableName=table, Item={
            "PK": {"S": f"ARTIST#{artist}"}, "SK": {"S": f"ARTIST#{artist}"},
            "name": {"S": name}, "version": {"N": "1"}, "followers": {"N": "0"}})
    for artist, slug, year, title in ALBUMS:
        client.put_item(TableName=table, Item={
            "PK": {"S": f"ARTIST#{artist}"}, "SK": {"S": f"ALBUM#{year}"},
            "slug": {"S": slug}, "title": {"S": title},
            "GSI1PK": {"S": f"YEAR#{year}"}, "GSI1SK": {"S": f"ARTIST#{artist}"}})
    shards_used = set()
    for artist, album, track, title, genre, plays in SONGS:
        sk = f"SONG#{album}#{track:02d}"
        shard = shard_of(f"{artist}#{sk}")
        shards_used.add(shard)
        client.put_item(TableName=table, Item={
            "PK": {"S": f"ARTIST#{artist}"}, "SK": {"S": sk},
            "title": {"S": title}, "genre": {"S": genre}, "plays": {"N": str(plays)},
            "GSI1PK": {"S": f"TITLE#{title}"}, "GSI1SK": {"S": f"ARTIST#{artist}"},
            "GSI2PK": {"S": f"GENRE#{genre}#{shard}"}, "GSI2SK": {"S": f"{plays:09d}#{artist}#{sk}"}})
    print(f"loaded 2 artists, {len(ALBUMS)} albums, {len(SONGS)} songs over shards {sorted(shards_used)}")

    # 1. Tracks 1-2 of Kid A with BETWEEN.
    print("\nQuery: ARTIST#radiohead, SK BETWEEN SONG#kid-a#01 AND SONG#kid-a#02")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND SK BETWEEN :lo AND :hi",
        ExpressionAttributeValues={":pk": {"S": "ARTIST#radiohead"},
                                   ":lo": {"S": "SONG#kid-a#01"}, ":hi": {"S": "SONG#kid-a#02"}},
    )
    titles = [item["title"]["S"] for item in response["Items"]]
    print(f"  {titles}")
    check(titles == ["Everything In Its Right Place", "Kid A"], f"Kid A tracks 1-2: got {titles}")
    print("Kid A tracks 1-2: OK")

    # 2. A BETWEEN that spans item types: albums from 2000 on and the artist item.
    print("\nQuery: ARTIST#radiohead, SK BETWEEN ALBUM#2000 AND ARTIST#~ (albums since 2000 + artist item)")
    response = client.query(
        TableName=table,
        KeyConditionExpression="PK = :pk AND SK BETWEEN :lo AND :hi",
        ExpressionAttributeValues={":pk": {"S": "ARTIST#radiohead"},
                                   ":lo": {"S": "ALBUM#2000"}, ":hi": {"S": "ARTIST#~"}},
    )
    keys = [item["SK"]["S"] for item in response["Items"]]
    print(f"  {keys}")
    check(keys == ["ALBUM#2000", "ALBUM#2007", "ARTIST#radiohead"],
          f"range across item types: expected ALBUM#2000, ALBUM#2007, ARTIST#radiohead, got {keys}")
    print("range across item types: 2 albums + artist")

    # 3. Overloaded GSI1: albums by year, songs by title.
    print("\nQuery GSI1: GSI1PK = YEAR#1997 (albums)")
    items = query_all(client, TableName=table, IndexName="GSI1",
                      KeyConditionExpression="GSI1PK = :k",
                      ExpressionAttributeValues={":k": {"S": "YEAR#1997"}})
    albums = [(item["PK"]["S"], item["title"]["S"]) for item in items]
    print(f"  {albums}")
    check(albums == [("ARTIST#portishead", "Portishead"), ("ARTIST#radiohead", "OK Computer")],
          f"albums of 1997: got {albums}")
    print("albums of 1997: Portishead, OK Computer")
    print("\nQuery GSI1: GSI1PK = TITLE#Glory Box (songs)")
    items = query_all(client, TableName=table, IndexName="GSI1",
                      KeyConditionExpression="GSI1PK = :k",
                      ExpressionAttributeValues={":k": {"S": "TITLE#Glory Box"}})
    found = [(item["PK"]["S"], item["SK"]["S"]) for item in items]
    print(f"  {found}")
    check(found == [("ARTIST#portishead", "SONG#dummy#11")], f"song Glory Box: got {found}")
    print("Glory Box -> ARTIST#portishead SONG#dummy#11")

    # 4. Write-sharded genre index, queried across shards and merged.
    print(f"\nQuery ByGenre: top 3 rock songs across {SHARDS} shards")
    top = top_of_genre(client, table, "rock", 3)
    top_titles = [item["title"]["S"] for item in top]
    for item in top:
        print(f"  {item['title']['S']:20} plays {item['plays']['N']}")
    expected = [s[3] for s in sorted((s for s in SONGS if s[4] == "rock"), key=lambda s: -s[5])][:3]
    check(top_titles == expected, f"top rock songs: expected {expected}, got {top_titles}")
    print(f"top rock: {', '.join(top_titles)}")

    # 5. Optimistic locking with a version attribute.
    print("\nOptimistic locking on ARTIST#radiohead (version attribute)")
    key = {"PK": {"S": "ARTIST#radiohead"}, "SK": {"S": "ARTIST#radiohead"}}

    def read():
        item = client.get_item(TableName=table, Key=key, ConsistentRead=True)["Item"]
        return int(item["version"]["N"]), int(item["followers"]["N"])

    def write(version, followers):
        client.update_item(
            TableName=table, Key=key,
            UpdateExpression="SET followers = :f, version = :next",
            ConditionExpression="version = :expected",
            ExpressionAttributeValues={":f": {"N": str(followers)}, ":next": {"N": str(version + 1)},
                                       ":expected": {"N": str(version)}})

    version_a, followers_a = read()
    version_b, followers_b = read()
    write(version_a, followers_a + 10)
    print(f"  writer A: version {version_a} -> {version_a + 1}, followers +10")
    try:
        write(version_b, followers_b + 5)
        raise ExampleFailure("writer B's stale update (old version) should have failed")
    except ClientError as error:
        code = error.response["Error"]["Code"]
        check(code == "ConditionalCheckFailedException",
              f"stale update: expected ConditionalCheckFailedException, got {code}")
        print(f"  writer B with stale version {version_b}: {code}")
    version_b, followers_b = read()
    write(version_b, followers_b + 5)
    print(f"  writer B re-read version {version_b} and retried")
    version, followers = read()
    print(f"  final: version {version}, followers {followers}")
    check((version, followers) == (3, 15),
          f"after both writes: expected version 3 and followers 15, got {version} and {followers}")
    print("stale update rejected, retry succeeded: version 3, followers 15")


if __name__ == "__main__":
    sys.exit(run_example(__doc__, "music", run))
