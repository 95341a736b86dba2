"""ExecuteStatement, BatchExecuteStatement and ExecuteTransaction through boto3 against the real
ddblocal binary: PartiQL reads planned as a Query or a Scan, writes with their conditions,
transactions and batches, and the access patterns of the seed data written in PartiQL.

Texts are AWS's where captured (syntax errors and aliases: dynoxide's tests run against AWS,
eu-west-2, 2026; "Validation failed in TransactStatements[i]", the batch key message: the same and
scylladb's test_batch.py), else DynamoDB Local's (protocol/partiql/messages.h)."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

SERVER = harness.ModuleServer()
MATCHES = None  # PK player (S), SK match id (S); GSI by-opponent on opponent, SK


def setUpModule():
    global MATCHES
    SERVER.start()
    client = SERVER.client()
    MATCHES = harness.unique_table_name("pql-matches")
    client.create_table(
        TableName=MATCHES,
        KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"},
                   {"AttributeName": "SK", "KeyType": "RANGE"}],
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                              {"AttributeName": "SK", "AttributeType": "S"},
                              {"AttributeName": "opponent", "AttributeType": "S"}],
        GlobalSecondaryIndexes=[{
            "IndexName": "by-opponent",
            "KeySchema": [{"AttributeName": "opponent", "KeyType": "HASH"},
                          {"AttributeName": "SK", "KeyType": "RANGE"}],
            "Projection": {"ProjectionType": "ALL"},
        }],
        BillingMode="PAY_PER_REQUEST")
    for i in range(1, 7):
        client.put_item(TableName=MATCHES, Item={
            "PK": {"S": "player#ann"}, "SK": {"S": "MATCH#2026-0%d" % i},
            "opponent": {"S": "bob" if i % 2 else "cy"}, "score": {"N": str(i * 10)},
            "version": {"N": "1"}})
    client.put_item(TableName=MATCHES, Item={
        "PK": {"S": "player#bob"}, "SK": {"S": "PROFILE"}, "wins": {"N": "0"}})


def quoted(name):
    return '"%s"' % name


class PartiqlTest(harness.ServerTest):
    server = SERVER

    def test_newest_matches_by_begins_with_are_a_query(self):
        """A SELECT fixing the partition key with begins_with on the sort key reads one partition,
        newest first under ORDER BY ... DESC, and reports the capacity of that Query."""
        response = self.client.execute_statement(
            Statement="SELECT SK, score FROM %s WHERE PK = ? AND begins_with(SK, ?) "
                      "ORDER BY SK DESC" % quoted(MATCHES),
            Parameters=[{"S": "player#ann"}, {"S": "MATCH#"}],
            ReturnConsumedCapacity="TOTAL")
        self.assertEqual([item["SK"]["S"] for item in response["Items"]][:2],
                         ["MATCH#2026-06", "MATCH#2026-05"])
        self.assertEqual(response["Items"][0], {"SK": {"S": "MATCH#2026-06"},
                                                "score": {"N": "60"}})
        self.assertEqual(response["ConsumedCapacity"]["TableName"], MATCHES)

    def test_gsi_lookup_reads_the_index(self):
        """SELECT FROM "table"."index" with the index's partition key is a Query of the index."""
        response = self.client.execute_statement(
            Statement="SELECT * FROM %s.\"by-opponent\" WHERE opponent = 'cy'" % quoted(MATCHES))
        self.assertEqual(len(response["Items"]), 3)
        self.assertTrue(all(item["opponent"]["S"] == "cy" for item in response["Items"]))

    def test_consistent_read_is_refused_on_a_gsi(self):
        """ConsistentRead on a global secondary index is a ValidationException."""
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(
                Statement="SELECT * FROM %s.\"by-opponent\" WHERE opponent = 'cy'" % quoted(MATCHES),
                ConsistentRead=True)
        self.assertError(context, "ValidationException",
                         "Strongly consistent read is not supported on Global Secondary Indexes")

    def test_scan_pages_with_limit_and_next_token(self):
        """A SELECT without the partition key is a Scan; Limit counts the items evaluated and
        NextToken resumes where the page stopped."""
        seen = []
        token = None
        while True:
            args = {"Statement": "SELECT * FROM %s WHERE score >= 20" % quoted(MATCHES),
                    "Limit": 2}
            if token:
                args["NextToken"] = token
            response = self.client.execute_statement(**args)
            seen += [item["SK"]["S"] for item in response["Items"]]
            token = response.get("NextToken")
            if not token:
                break
        self.assertEqual(sorted(seen), ["MATCH#2026-0%d" % i for i in range(2, 7)])

    def test_optimistic_locking_update(self):
        """An UPDATE with a version condition writes once; the stale retry fails its condition and,
        with ReturnValuesOnConditionCheckFailure, returns the item it saw."""
        statement = ("UPDATE %s SET score = score + 5 SET version = version + 1 "
                     "WHERE PK = 'player#ann' AND SK = 'MATCH#2026-01' AND version = ? "
                     "RETURNING ALL NEW *" % quoted(MATCHES))
        response = self.client.execute_statement(Statement=statement, Parameters=[{"N": "1"}])
        self.assertEqual(response["Items"][0]["version"], {"N": "2"})
        self.assertEqual(response["Items"][0]["score"], {"N": "15"})
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(Statement=statement, Parameters=[{"N": "1"}],
                                          ReturnValuesOnConditionCheckFailure="ALL_OLD")
        self.assertError(context, "ConditionalCheckFailedException",
                         "The conditional request failed")
        self.assertEqual(context.exception.response["Item"]["version"], {"N": "2"})

    def test_insert_of_an_existing_key_is_a_duplicate(self):
        """INSERT of a key that exists is DuplicateItemException."""
        statement = "INSERT INTO %s VALUE {'PK': 'player#dup', 'SK': 'PROFILE', 'n': 1}" % quoted(
            MATCHES)
        self.assertEqual(self.client.execute_statement(Statement=statement)["Items"], [])
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(Statement=statement)
        self.assertError(context, "DuplicateItemException", "Duplicate primary key exists in table")

    def test_syntax_errors_name_the_problem(self):
        """A malformed statement is DynamoDB's "wasn't well formed" ValidationException."""
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(Statement="SELECT * FROM %s WHERE" % quoted(MATCHES))
        self.assertError(context, "ValidationException",
                         "Statement wasn't well formed, can't be processed: Unexpected term")
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(
                Statement="DELETE FROM %s WHERE PK = 'x'" % quoted(MATCHES))
        self.assertError(context, "ValidationException",
                         "Where clause does not contain a mandatory equality on all key "
                         "attributes")

    def test_unknown_table(self):
        """A statement on a table that does not exist is ResourceNotFoundException."""
        with self.assertRaises(ClientError) as context:
            self.client.execute_statement(Statement='SELECT * FROM "no-such-table"')
        self.assertError(context, "ResourceNotFoundException", "Requested resource not found")

    def test_transaction_keeps_an_index_item_in_step(self):
        """ExecuteTransaction writes a match and its opponent's counter together or not at all;
        a failed EXISTS cancels both, with reasons in statement order."""
        insert = ("INSERT INTO %s VALUE {'PK': 'player#ann', 'SK': 'MATCH#2026-09', "
                  "'opponent': 'bob'}" % quoted(MATCHES))
        count = ("UPDATE %s SET wins = wins + 1 WHERE PK = 'player#bob' AND SK = 'PROFILE'"
                 % quoted(MATCHES))
        self.client.execute_transaction(
            TransactStatements=[{"Statement": insert}, {"Statement": count}])
        profile = self.client.execute_statement(
            Statement="SELECT wins FROM %s WHERE PK = 'player#bob' AND SK = 'PROFILE'"
                      % quoted(MATCHES))
        self.assertEqual(profile["Items"], [{"wins": {"N": "1"}}])
        guard = ("EXISTS(SELECT * FROM %s WHERE PK = 'player#bob' AND SK = 'PROFILE' "
                 "AND wins = 0)" % quoted(MATCHES))
        with self.assertRaises(ClientError) as context:
            self.client.execute_transaction(TransactStatements=[
                {"Statement": guard},
                {"Statement": insert.replace("2026-09", "2026-10")}])
        self.assertEqual(context.exception.response["Error"]["Code"],
                         "TransactionCanceledException")
        self.assertEqual([r["Code"] for r in context.exception.response["CancellationReasons"]],
                         ["ConditionalCheckFailed", "None"])

    def test_transaction_token_is_idempotent(self):
        """The same ClientRequestToken replays a transaction without writing again."""
        statement = ("UPDATE %s SET wins = wins + 100 WHERE PK = 'player#bob' AND SK = 'PROFILE'"
                     % quoted(MATCHES))
        for _ in range(2):
            self.client.execute_transaction(TransactStatements=[{"Statement": statement}],
                                            ClientRequestToken="pql-token-1")
        reads = self.client.execute_transaction(TransactStatements=[{
            "Statement": "SELECT wins FROM %s WHERE PK = 'player#bob' AND SK = 'PROFILE'"
                         % quoted(MATCHES)}])
        self.assertGreaterEqual(int(reads["Responses"][0]["Item"]["wins"]["N"]), 100)
        self.assertLess(int(reads["Responses"][0]["Item"]["wins"]["N"]), 200)

    def test_transaction_refuses_mixed_reads_and_writes(self):
        """A transaction holds reads only or writes only."""
        with self.assertRaises(ClientError) as context:
            self.client.execute_transaction(TransactStatements=[
                {"Statement": "SELECT * FROM %s WHERE PK = 'a' AND SK = 'b'" % quoted(MATCHES)},
                {"Statement": "DELETE FROM %s WHERE PK = 'a' AND SK = 'b'" % quoted(MATCHES)}])
        self.assertError(context, "ValidationException",
                         "ExecuteTransaction API does not support both read and write operations "
                         "in the same request.")

    def test_batch_answers_each_statement(self):
        """BatchExecuteStatement answers each statement in order; a failing one does not fail
        the others."""
        response = self.client.batch_execute_statement(Statements=[
            {"Statement": "SELECT score FROM %s WHERE PK = ? AND SK = ?" % quoted(MATCHES),
             "Parameters": [{"S": "player#ann"}, {"S": "MATCH#2026-02"}]},
            {"Statement": "SELECT * FROM %s WHERE PK = 'player#ann'" % quoted(MATCHES)},
        ])
        answers = response["Responses"]
        self.assertEqual(answers[0]["Item"], {"score": {"N": "20"}})
        self.assertEqual(answers[0]["TableName"], MATCHES)
        self.assertEqual(answers[1]["Error"], {
            "Code": "ValidationError",
            "Message": "Select statements within BatchExecuteStatement must specify the primary "
                       "key in the where clause."})


if __name__ == "__main__":
    unittest.main()
