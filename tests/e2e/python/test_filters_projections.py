"""FilterExpression and ProjectionExpression through boto3 against the real ddblocal binary:
filters applied after Limit (Count against ScannedCount, LastEvaluatedKey on pages the filter
emptied), paging to the end, projections of nested map paths and list elements on GetItem, Query
and Scan, their errors, and the boto3 resource API with boto3.dynamodb.conditions."""

import decimal
import unittest

from boto3.dynamodb.conditions import Attr, Key
from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # PK (S) + SK (N); partition "p" holds SK 1..10
OTHER = None  # PK (S) + SK (N), for Scan: partitions "a", "b", "c" with SK 1..4 each


def item(sk):
    """Item sk of partition "p": even marks the even sort keys, score is sk * 10."""
    return {
        "PK": {"S": "p"},
        "SK": {"N": str(sk)},
        "even": {"BOOL": sk % 2 == 0},
        "score": {"N": str(sk * 10)},
        "name": {"S": f"item-{sk:02d}"},
        "tags": {"SS": ["all", "even" if sk % 2 == 0 else "odd"]},
    }


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, OTHER
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("filt"),
                                 ("PK", "S"), ("SK", "N"))
    OTHER = harness.create_table(client, harness.unique_table_name("filt-scan"),
                                 ("PK", "S"), ("SK", "N"))
    for sk in range(1, 11):
        client.put_item(TableName=TABLE, Item=item(sk))
    for pk in ("a", "b", "c"):
        for sk in range(1, 5):
            client.put_item(TableName=OTHER, Item={
                "PK": {"S": pk}, "SK": {"N": str(sk)}, "v": {"N": str(sk)},
                "group": {"S": "keep" if sk in (2, 3) else "drop"}})
    client.put_item(TableName=TABLE, Item={
        "PK": {"S": "doc"}, "SK": {"N": "0"},
        "m": {"M": {"a": {"M": {"b": {"N": "1"}, "c": {"N": "2"}}}, "d": {"S": "D"}}},
        "l": {"L": [{"S": "zero"}, {"S": "one"}, {"S": "two"},
                    {"M": {"x": {"N": "1"}, "y": {"N": "2"}}}]},
        "top": {"S": "T"},
        "other": {"S": "O"},
    })


P = {":p": {"S": "p"}}
DOC_KEY = {"PK": {"S": "doc"}, "SK": {"N": "0"}}


class FiltersTest(harness.ServerTest):
    server = SERVER

    def query(self, **args):
        request = {"TableName": TABLE, "KeyConditionExpression": "PK = :p",
                   "ExpressionAttributeValues": dict(P)}
        values = args.pop("values", {})
        request["ExpressionAttributeValues"].update(values)
        request.update(args)
        return self.client.query(**request)

    # --- Filters and Limit ------------------------------------------------------------------

    def test_query_filter_counts(self):
        """A Query filter keeps the matching items; Count counts them and ScannedCount counts every item read."""
        response = self.query(FilterExpression="even = :t", values={":t": {"BOOL": True}})
        self.assertEqual([i["SK"]["N"] for i in response["Items"]], ["2", "4", "6", "8", "10"])
        self.assertEqual(response["Count"], 5)
        self.assertEqual(response["ScannedCount"], 10)
        self.assertNotIn("LastEvaluatedKey", response)

    def test_limit_applies_before_the_filter(self):
        """Limit caps the items read, not the items returned, so a page of 5 read items holds 2 even ones."""
        response = self.query(FilterExpression="even = :t", values={":t": {"BOOL": True}},
                              Limit=5)
        self.assertEqual([i["SK"]["N"] for i in response["Items"]], ["2", "4"])
        self.assertEqual(response["Count"], 2)
        self.assertEqual(response["ScannedCount"], 5)
        self.assertEqual(response["LastEvaluatedKey"], {"PK": {"S": "p"}, "SK": {"N": "5"}})

    def test_page_emptied_by_the_filter_still_has_last_evaluated_key(self):
        """A page whose items the filter all dropped is empty but still carries LastEvaluatedKey."""
        response = self.query(FilterExpression="score > :big", values={":big": {"N": "1000"}},
                              Limit=3)
        self.assertEqual(response["Items"], [])
        self.assertEqual(response["Count"], 0)
        self.assertEqual(response["ScannedCount"], 3)
        self.assertEqual(response["LastEvaluatedKey"], {"PK": {"S": "p"}, "SK": {"N": "3"}})

    def test_paging_collects_exactly_the_matching_items(self):
        """Following LastEvaluatedKey with Limit 3 and a filter visits 4 pages and returns each match once."""
        found, pages, scanned, start = [], 0, 0, None
        while True:
            args = {"FilterExpression": "score BETWEEN :lo AND :hi OR contains(tags, :odd)",
                    "values": {":lo": {"N": "35"}, ":hi": {"N": "80"}, ":odd": {"S": "odd"}},
                    "Limit": 3}
            if start is not None:
                args["ExclusiveStartKey"] = start
            response = self.query(**args)
            pages += 1
            scanned += response["ScannedCount"]
            self.assertEqual(response["Count"], len(response["Items"]))
            found.extend(int(i["SK"]["N"]) for i in response["Items"])
            start = response.get("LastEvaluatedKey")
            if start is None:
                break
        self.assertEqual(found, [1, 3, 4, 5, 6, 7, 8, 9])
        self.assertEqual(pages, 4)
        self.assertEqual(scanned, 10)

    def test_scan_filter_with_limit_pages(self):
        """Scan applies Limit before the filter too, and paging to the end returns every match exactly once."""
        found, scanned, start = [], 0, None
        while True:
            args = {"TableName": OTHER, "FilterExpression": "#g = :keep",
                    "ExpressionAttributeNames": {"#g": "group"},
                    "ExpressionAttributeValues": {":keep": {"S": "keep"}}, "Limit": 5}
            if start is not None:
                args["ExclusiveStartKey"] = start
            response = self.client.scan(**args)
            self.assertLessEqual(response["ScannedCount"], 5)
            self.assertEqual(response["Count"], len(response["Items"]))
            scanned += response["ScannedCount"]
            found.extend((i["PK"]["S"], int(i["SK"]["N"])) for i in response["Items"])
            start = response.get("LastEvaluatedKey")
            if start is None:
                break
        self.assertEqual(sorted(found), [("a", 2), ("a", 3), ("b", 2), ("b", 3), ("c", 2),
                                         ("c", 3)])
        self.assertEqual(scanned, 12)

    def test_scan_filter_may_use_key_attributes(self):
        """Unlike Query, Scan may filter on key attributes."""
        response = self.client.scan(TableName=OTHER, FilterExpression="PK = :b AND SK >= :three",
                                    ExpressionAttributeValues={":b": {"S": "b"},
                                                               ":three": {"N": "3"}})
        self.assertEqual(sorted(int(i["SK"]["N"]) for i in response["Items"]), [3, 4])
        self.assertEqual(response["Count"], 2)
        self.assertEqual(response["ScannedCount"], 12)

    def test_select_count_with_filter(self):
        """Select COUNT returns Count and ScannedCount without Items."""
        response = self.query(FilterExpression="even = :f", values={":f": {"BOOL": False}},
                              Select="COUNT")
        self.assertNotIn("Items", response)
        self.assertEqual(response["Count"], 5)
        self.assertEqual(response["ScannedCount"], 10)

    def test_filter_functions(self):
        """Filters support begins_with, contains, size, attribute_exists, attribute_type, IN and NOT."""
        cases = [
            ("begins_with(#n, :pre)", {":pre": {"S": "item-0"}}, list(range(1, 10))),
            ("contains(tags, :even)", {":even": {"S": "even"}}, [2, 4, 6, 8, 10]),
            ("size(tags) = :two AND score IN (:s10, :s30, :s99)",
             {":two": {"N": "2"}, ":s10": {"N": "10"}, ":s30": {"N": "30"}, ":s99": {"N": "99"}},
             [1, 3]),
            ("attribute_exists(nope)", {}, []),
            ("attribute_type(score, :n) AND NOT score < :s80",
             {":n": {"S": "N"}, ":s80": {"N": "80"}}, [8, 9, 10]),
        ]
        for expression, values, expected in cases:
            with self.subTest(filter=expression):
                args = {"FilterExpression": expression, "values": values}
                if "#n" in expression:
                    args["ExpressionAttributeNames"] = {"#n": "name"}
                response = self.query(**args)
                self.assertEqual([int(i["SK"]["N"]) for i in response["Items"]], expected)

    # --- Filter errors ----------------------------------------------------------------------

    def assertQueryError(self, message, **args):
        request = {"TableName": TABLE, "KeyConditionExpression": "PK = :p",
                   "ExpressionAttributeValues": dict(P)}
        request["ExpressionAttributeValues"].update(args.pop("values", {}))
        request.update(args)
        with self.assertRaises(ClientError) as context:
            self.raw.query(**request)
        self.assertError(context, "ValidationException", message)

    def test_query_filter_on_partition_key_is_rejected(self):
        """A Query filter may not name the partition key."""
        self.assertQueryError(
            "Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: PK", FilterExpression="PK = :p")

    def test_query_filter_on_sort_key_is_rejected(self):
        """A Query filter may not name the sort key either."""
        self.assertQueryError(
            "Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: SK", FilterExpression="score > :n AND SK > :n", values={":n": {"N": "1"}})

    def test_filter_syntax_error(self):
        """A function name used as an operator is a syntax error at that name."""
        self.assertQueryError(
            'Invalid FilterExpression: Syntax error; token: "attribute_not_exists", near: '
            '"#a attribute_not_exists :v"', FilterExpression="#a attribute_not_exists :v",
            ExpressionAttributeNames={"#a": "a"}, values={":v": {"S": "x"}})

    def test_projection_deeper_than_32_levels_is_rejected(self):
        """A ProjectionExpression path of 33 elements is refused with its nesting level."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY,
                              ProjectionExpression=".".join(["m"] * 33))
        self.assertError(context, "ValidationException",
                         "Invalid ProjectionExpression: The document path has too many nesting "
                         "levels; nesting levels: 33")

    def test_paths_into_key_attributes_are_refused(self):
        """A projection, filter or condition path that goes into a key attribute with '.' or '[n]' is refused: key attributes are scalars (issue 20)."""
        scalars = ("Key attributes must be scalars; list random access '[]' and map lookup '.' "
                   "are not allowed: Key: ")
        self.assertQueryError(scalars + "SK", ProjectionExpression="top, SK.x")
        self.assertQueryError(scalars + "PK", FilterExpression="attribute_exists(PK[0])")
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY, ProjectionExpression="PK.a")
        self.assertError(context, "ValidationException", scalars + "PK")
        with self.assertRaises(ClientError) as context:
            self.raw.delete_item(TableName=TABLE, Key=DOC_KEY, ConditionExpression="SK.b = :v",
                                 ExpressionAttributeValues={":v": {"N": "1"}})
        self.assertError(context, "ValidationException", scalars + "SK")
        self.assertIn("Item", self.client.get_item(TableName=TABLE, Key=DOC_KEY))

    def test_filter_begins_with_number(self):
        """begins_with in a Scan filter needs a string or binary operand."""
        with self.assertRaises(ClientError) as context:
            self.raw.scan(TableName=TABLE, FilterExpression="begins_with(#n, :v)",
                          ExpressionAttributeNames={"#n": "name"},
                          ExpressionAttributeValues={":v": {"N": "1"}})
        self.assertError(context, "ValidationException",
                         "Invalid FilterExpression: Incorrect operand type for operator or "
                         "function; operator or function: begins_with, operand type: N")

    def test_filter_redundant_parentheses(self):
        """Doubled parentheses around a filter are refused as redundant."""
        self.assertQueryError("Invalid FilterExpression: The expression has redundant parentheses;",
                              FilterExpression="((score = :n))", values={":n": {"N": "1"}})

    def test_filter_undefined_name(self):
        """A #name missing from ExpressionAttributeNames in a filter is named in the error."""
        self.assertQueryError(
            "Invalid FilterExpression: An expression attribute name used in the document path is "
            "not defined; attribute name: #PA", FilterExpression="attribute_exists(#PA)")

    # --- Projections ------------------------------------------------------------------------

    def test_get_item_projection_keeps_nested_structure(self):
        """Projecting m.a.b, l[1], l[3].x and top returns those values inside their maps and lists, nothing else."""
        response = self.client.get_item(
            TableName=TABLE, Key=DOC_KEY, ConsistentRead=True,
            ProjectionExpression="m.a.b, l[1], l[3].x, top")
        self.assertEqual(response["Item"], {
            "m": {"M": {"a": {"M": {"b": {"N": "1"}}}}},
            "l": {"L": [{"S": "one"}, {"M": {"x": {"N": "1"}}}]},
            "top": {"S": "T"},
        })

    def test_projection_merges_paths_into_one_list_element(self):
        """Two projected paths under the same list element come back merged in one element."""
        response = self.client.get_item(TableName=TABLE, Key=DOC_KEY,
                                        ProjectionExpression="#l[3].x, #l[3].y, #l[0]",
                                        ExpressionAttributeNames={"#l": "l"})
        self.assertEqual(response["Item"], {"l": {"L": [
            {"S": "zero"}, {"M": {"x": {"N": "1"}, "y": {"N": "2"}}}]}})

    def test_projection_skips_missing_paths(self):
        """Projected paths that do not exist, including list indexes past the end, are left out."""
        response = self.client.get_item(TableName=TABLE, Key=DOC_KEY,
                                        ProjectionExpression="m.zzz, l[9], top, absent, m.d")
        self.assertEqual(response["Item"], {"top": {"S": "T"}, "m": {"M": {"d": {"S": "D"}}}})

    def test_projection_leaves_out_keys_unless_named(self):
        """A projection returns the key attributes only when it names them."""
        response = self.query(ProjectionExpression="score", Limit=2)
        self.assertEqual(response["Items"], [{"score": {"N": "10"}}, {"score": {"N": "20"}}])
        response = self.query(ProjectionExpression="SK, #n", Limit=1,
                              ExpressionAttributeNames={"#n": "name"})
        self.assertEqual(response["Items"], [{"SK": {"N": "1"}, "name": {"S": "item-01"}}])

    def test_query_projection_with_filter_on_unprojected_attribute(self):
        """A filter may test attributes that the projection leaves out."""
        response = self.query(ProjectionExpression="SK", FilterExpression="even = :t",
                              values={":t": {"BOOL": True}}, Limit=4)
        self.assertEqual(response["Items"], [{"SK": {"N": "2"}}, {"SK": {"N": "4"}}])

    def test_scan_projection_of_nested_paths(self):
        """Scan applies a nested projection to each item and leaves out items' missing paths."""
        response = self.client.scan(TableName=TABLE, ProjectionExpression="m.a.c, l[2], SK",
                                    FilterExpression="attribute_exists(m)")
        self.assertEqual(response["Items"], [{
            "SK": {"N": "0"}, "m": {"M": {"a": {"M": {"c": {"N": "2"}}}}},
            "l": {"L": [{"S": "two"}]}}])

    def test_overlapping_projection_paths(self):
        """Projecting a and a.b together is refused as overlapping paths."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY, ProjectionExpression="a, a.b")
        self.assertError(context, "ValidationException",
                         "Invalid ProjectionExpression: Two document paths overlap with each "
                         "other; must remove or rewrite one of these paths; path one: [a], path "
                         "two: [a, b]")

    def test_conflicting_projection_paths(self):
        """Projecting a.b and a[1] together is refused as conflicting paths, since no value can be both a map and a list."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY, ProjectionExpression="a.b, a[1]")
        self.assertError(context, "ValidationException",
                         "Invalid ProjectionExpression: Two document paths conflict with each "
                         "other; must remove or rewrite one of these paths; path one: [a, b], path "
                         "two: [a, [1]]")

    def test_projection_matching_nothing_returns_empty_item(self):
        """GetItem of an existing item whose projected paths all miss returns an empty Item, not no Item."""
        response = self.client.get_item(TableName=TABLE, Key=DOC_KEY,
                                        ProjectionExpression="nope, m.zzz, l[9].x, top.x")
        self.assertEqual(response["Item"], {})

    def test_projection_undefined_name(self):
        """A #name missing from ExpressionAttributeNames in a projection is named in the error."""
        with self.assertRaises(ClientError) as context:
            self.raw.query(TableName=TABLE, KeyConditionExpression="PK = :p",
                           ExpressionAttributeValues=P, ProjectionExpression="#undef")
        self.assertError(context, "ValidationException",
                         "Invalid ProjectionExpression: An expression attribute name used in the "
                         "document path is not defined; attribute name: #undef")

    def test_projection_syntax_error(self):
        """A projection starting with an invalid character is a syntax error."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY, ProjectionExpression="!!")
        self.assertError(context, "ValidationException",
                         'Invalid ProjectionExpression: Syntax error; token: "!", near: "!!"')

    def test_projection_reserved_word(self):
        """A reserved word in a projection must go through a placeholder."""
        with self.assertRaises(ClientError) as context:
            self.raw.get_item(TableName=TABLE, Key=DOC_KEY, ProjectionExpression="top, name")
        self.assertError(context, "ValidationException",
                         "Invalid ProjectionExpression: Attribute name is a reserved keyword; "
                         "reserved keyword: name")

    # --- The resource API -------------------------------------------------------------------

    def test_resource_query_with_key_and_attr_conditions(self):
        """The resource API's Key and Attr conditions build the key condition and filter, and return Python values."""
        table = SERVER.resource().Table(TABLE)
        response = table.query(
            KeyConditionExpression=Key("PK").eq("p") & Key("SK").between(3, 8),
            FilterExpression=Attr("even").eq(True) & Attr("tags").contains("even"),
            ConsistentRead=True)
        self.assertEqual([i["SK"] for i in response["Items"]],
                         [decimal.Decimal(4), decimal.Decimal(6), decimal.Decimal(8)])
        self.assertEqual(response["Items"][0]["tags"], {"all", "even"})
        self.assertEqual(response["Count"], 3)
        self.assertEqual(response["ScannedCount"], 6)

    def test_resource_scan_with_attr_conditions(self):
        """Attr conditions such as begins_with, is_in, exists and Not work in a resource Scan."""
        table = SERVER.resource().Table(TABLE)
        response = table.scan(
            FilterExpression=(Attr("name").begins_with("item-1") | Attr("score").is_in([20, 30]))
            & Attr("tags").exists() & ~Attr("even").eq(False))
        self.assertEqual(sorted(i["SK"] for i in response["Items"]),
                         [decimal.Decimal(2), decimal.Decimal(10)])

    def test_resource_conditional_put_and_update(self):
        """The resource API's put_item with Attr(...).not_exists() and update_item with a condition behave like the client's."""
        table = SERVER.resource().Table(TABLE)
        table.put_item(Item={"PK": "res", "SK": 1, "version": 1},
                       ConditionExpression=Attr("PK").not_exists())
        with self.assertRaises(ClientError) as context:
            table.put_item(Item={"PK": "res", "SK": 1, "version": 9},
                           ConditionExpression=Attr("PK").not_exists())
        self.assertError(context, "ConditionalCheckFailedException",
                         "The conditional request failed")
        response = table.update_item(
            Key={"PK": "res", "SK": 1}, UpdateExpression="SET version = version + :one",
            ConditionExpression=Attr("version").eq(1), ExpressionAttributeValues={":one": 1},
            ReturnValues="UPDATED_NEW")
        self.assertEqual(response["Attributes"], {"version": decimal.Decimal(2)})
        table.delete_item(Key={"PK": "res", "SK": 1})

    def test_resource_get_item_with_projection(self):
        """The resource API returns a projected nested item as Python dicts and lists."""
        table = SERVER.resource().Table(TABLE)
        response = table.get_item(Key={"PK": "doc", "SK": 0}, ProjectionExpression="m.a, l[0]")
        self.assertEqual(response["Item"], {"m": {"a": {"b": decimal.Decimal(1),
                                                        "c": decimal.Decimal(2)}},
                                            "l": ["zero"]})


if __name__ == "__main__":
    unittest.main()
