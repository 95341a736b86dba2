"""UpdateItem with UpdateExpression through boto3's low-level client against the real ddblocal
binary: SET, REMOVE, ADD and DELETE on top-level and nested paths, list and set semantics,
arithmetic, upserts, every ReturnValues setting, and DynamoDB's exact errors.

Errors found while validating the request (syntax, placeholders, overlapping paths, operand types
known from the values) come inside the "1 validation error detected: " envelope; errors found
while applying the update to the stored item, and the key-attribute check, come bare
(paritysuite updateItem.test.ts, us-east-1 and eu-west-2, 2026-10-09; dynalite test/updateItem.js
for the texts)."""

import unittest

from botocore.exceptions import ClientError

from . import server as harness

TABLE = None  # partition key PK (S) only
COMPOSITE = None  # PK (S) + SK (S)


SERVER = harness.ModuleServer()


def setUpModule():
    global TABLE, COMPOSITE
    SERVER.start()
    client = SERVER.client()
    TABLE = harness.create_table(client, harness.unique_table_name("upd"), ("PK", "S"))
    COMPOSITE = harness.create_table(client, harness.unique_table_name("upd-composite"),
                                     ("PK", "S"), ("SK", "S"))


def key(name):
    return {"PK": {"S": name}}


class UpdatesTest(harness.ServerTest):
    server = SERVER

    def get(self, name, table=None, item_key=None):
        return self.client.get_item(TableName=table or TABLE, Key=item_key or key(name),
                                    ConsistentRead=True).get("Item")

    def put(self, item):
        self.client.put_item(TableName=TABLE, Item=item)

    def update(self, name, expression, values=None, names=None, **extra):
        request = {"TableName": TABLE, "Key": key(name), "UpdateExpression": expression}
        if values is not None:
            request["ExpressionAttributeValues"] = values
        if names is not None:
            request["ExpressionAttributeNames"] = names
        request.update(extra)
        return self.client.update_item(**request)

    def assertUpdateRejected(self, message, name, expression, values=None, names=None):
        request = {"TableName": TABLE, "Key": key(name), "UpdateExpression": expression}
        if values is not None:
            request["ExpressionAttributeValues"] = values
        if names is not None:
            request["ExpressionAttributeNames"] = names
        before = self.get(name)
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(**request)
        self.assertError(context, "ValidationException", message)
        self.assertEqual(self.get(name), before)

    # --- Counters and upserts ---------------------------------------------------------------

    def test_add_counter_on_missing_item(self):
        """ADD on a missing item creates the item with the number as the counter's value."""
        response = self.update("counter-new", "ADD logins :one", {":one": {"N": "1"}},
                               ReturnValues="ALL_NEW")
        self.assertEqual(response["Attributes"], {**key("counter-new"), "logins": {"N": "1"}})

    def test_add_counter_on_existing_item(self):
        """ADD on an existing number adds to it, and on a missing attribute starts from zero."""
        self.put({**key("counter-old"), "logins": {"N": "41"}})
        self.update("counter-old", "ADD logins :one, failures :two",
                    {":one": {"N": "1"}, ":two": {"N": "2"}})
        self.assertEqual(self.get("counter-old"),
                         {**key("counter-old"), "logins": {"N": "42"}, "failures": {"N": "2"}})

    def test_add_negative_and_decimal_amounts(self):
        """ADD with a negative or fractional number is exact decimal arithmetic."""
        self.put({**key("counter-decimal"), "balance": {"N": "0.1"}})
        self.update("counter-decimal", "ADD balance :x", {":x": {"N": "0.2"}})
        self.assertEqual(self.get("counter-decimal")["balance"], {"N": "0.3"})
        self.update("counter-decimal", "ADD balance :x", {":x": {"N": "-1.3"}})
        self.assertEqual(self.get("counter-decimal")["balance"], {"N": "-1"})

    def test_upsert_creates_missing_item(self):
        """SET on a missing key creates an item holding the key and the new attributes."""
        self.update("upsert", "SET a = :a, b = :b", {":a": {"S": "x"}, ":b": {"N": "2"}})
        self.assertEqual(self.get("upsert"), {**key("upsert"), "a": {"S": "x"}, "b": {"N": "2"}})

    def test_remove_on_missing_item_creates_nothing(self):
        """An update that only removes attributes of a missing item does not create it."""
        response = self.update("remove-missing", "REMOVE a", ReturnValues="ALL_NEW")
        self.assertNotIn("Attributes", response)
        self.assertIsNone(self.get("remove-missing"))

    def test_update_on_composite_key(self):
        """UpdateItem addresses an item of a composite-key table by both key attributes."""
        item_key = {"PK": {"S": "c"}, "SK": {"S": "1"}}
        self.client.update_item(TableName=COMPOSITE, Key=item_key, UpdateExpression="SET v = :v",
                                ExpressionAttributeValues={":v": {"N": "1"}})
        self.assertEqual(self.get(None, table=COMPOSITE, item_key=item_key),
                         {**item_key, "v": {"N": "1"}})

    # --- SET ------------------------------------------------------------------------------

    def test_set_with_placeholders_and_list_append(self):
        """SET #n = :n, tags = list_append(if_not_exists(tags, :e), :t) works on a new item and then appends."""
        names = {"#n": "name"}
        values = {":n": {"S": "Ada"}, ":e": {"L": []}, ":t": {"L": [{"S": "first"}]}}
        expression = "SET #n = :n, tags = list_append(if_not_exists(tags, :e), :t)"
        self.update("list-append", expression, values, names)
        self.assertEqual(self.get("list-append"),
                         {**key("list-append"), "name": {"S": "Ada"},
                          "tags": {"L": [{"S": "first"}]}})
        values[":t"] = {"L": [{"S": "second"}, {"N": "3"}]}
        self.update("list-append", expression, values, names)
        self.assertEqual(self.get("list-append")["tags"],
                         {"L": [{"S": "first"}, {"S": "second"}, {"N": "3"}]})

    def test_list_append_prepends_when_value_comes_first(self):
        """list_append(:v, l) puts the new elements before the existing ones."""
        self.put({**key("prepend"), "l": {"L": [{"S": "b"}]}})
        self.update("prepend", "SET l = list_append(:v, l)", {":v": {"L": [{"S": "a"}]}})
        self.assertEqual(self.get("prepend")["l"], {"L": [{"S": "a"}, {"S": "b"}]})

    def test_if_not_exists_keeps_existing_value(self):
        """if_not_exists returns the stored value when the attribute exists and the default otherwise."""
        self.put({**key("if-not-exists"), "a": {"S": "kept"}})
        self.update("if-not-exists", "SET a = if_not_exists(a, :d), b = if_not_exists(b, :d)",
                    {":d": {"S": "default"}})
        self.assertEqual(self.get("if-not-exists"),
                         {**key("if-not-exists"), "a": {"S": "kept"}, "b": {"S": "default"}})

    def test_arithmetic(self):
        """SET supports + and - between numbers from attributes and values, with exact decimals."""
        self.put({**key("arith"), "price": {"N": "10.25"}, "qty": {"N": "3"}})
        self.update("arith",
                    "SET amount = price + qty, change = :paid - price, n = :a + :b, "
                    "visits = if_not_exists(visits, :zero) + :one",
                    {":paid": {"N": "20"}, ":a": {"N": "0.1"}, ":b": {"N": "0.2"},
                     ":zero": {"N": "0"}, ":one": {"N": "1"}})
        self.assertEqual(self.get("arith"), {
            **key("arith"), "price": {"N": "10.25"}, "qty": {"N": "3"}, "amount": {"N": "13.25"},
            "change": {"N": "9.75"}, "n": {"N": "0.3"}, "visits": {"N": "1"}})

    def test_set_copies_another_attribute(self):
        """SET a = b copies the stored value of b, maps and lists included."""
        self.put({**key("copy"), "b": {"M": {"x": {"L": [{"N": "1"}]}}}})
        self.update("copy", "SET a = b")
        self.assertEqual(self.get("copy")["a"], {"M": {"x": {"L": [{"N": "1"}]}}})

    def test_nested_map_updates(self):
        """SET and REMOVE on a.b.c change only that nested value and keep its siblings."""
        self.put({**key("nested"), "a": {"M": {"b": {"M": {"c": {"N": "1"}, "d": {"S": "keep"}}},
                                                "e": {"S": "sibling"}}}})
        self.update("nested", "SET a.b.c = :v, a.b.#new = :w",
                    {":v": {"N": "2"}, ":w": {"BOOL": True}}, {"#new": "new"})
        self.assertEqual(self.get("nested")["a"], {"M": {
            "b": {"M": {"c": {"N": "2"}, "d": {"S": "keep"}, "new": {"BOOL": True}}},
            "e": {"S": "sibling"}}})
        self.update("nested", "REMOVE a.b.c, a.e")
        self.assertEqual(self.get("nested")["a"], {"M": {
            "b": {"M": {"d": {"S": "keep"}, "new": {"BOOL": True}}}}})

    def test_dotted_name_through_placeholder_is_one_attribute(self):
        """A placeholder standing for "a.b" names a top-level attribute with a dot in its name, not a path."""
        self.put({**key("dotted"), "a": {"M": {"b": {"S": "nested"}}}})
        self.update("dotted", "SET #ab = :v", {":v": {"S": "top"}}, {"#ab": "a.b"})
        self.assertEqual(self.get("dotted"), {**key("dotted"), "a": {"M": {"b": {"S": "nested"}}},
                                              "a.b": {"S": "top"}})

    def test_set_list_element(self):
        """SET l[1] replaces the element at that index."""
        self.put({**key("list-set"), "l": {"L": [{"S": "a"}, {"S": "b"}, {"S": "c"}]}})
        self.update("list-set", "SET l[1] = :v", {":v": {"N": "2"}})
        self.assertEqual(self.get("list-set")["l"], {"L": [{"S": "a"}, {"N": "2"}, {"S": "c"}]})

    def test_set_list_index_past_the_end_appends(self):
        """SET on a list index past the end appends the value as the list's last element."""
        self.put({**key("list-past"), "l": {"L": [{"S": "a"}, {"S": "b"}]}})
        self.update("list-past", "SET l[10] = :v", {":v": {"S": "z"}})
        self.assertEqual(self.get("list-past")["l"], {"L": [{"S": "a"}, {"S": "b"}, {"S": "z"}]})

    def test_nested_path_through_list_and_map(self):
        """SET m.l[0].x reaches through a map, a list element and a map."""
        self.put({**key("deep-mixed"), "m": {"M": {"l": {"L": [{"M": {"x": {"N": "1"}}}]}}}})
        self.update("deep-mixed", "SET m.l[0].x = m.l[0].x + :one", {":one": {"N": "1"}})
        self.assertEqual(self.get("deep-mixed")["m"],
                         {"M": {"l": {"L": [{"M": {"x": {"N": "2"}}}]}}})

    # --- REMOVE ---------------------------------------------------------------------------

    def test_remove_attributes(self):
        """REMOVE deletes the named attributes and ignores ones that do not exist."""
        self.put({**key("remove"), "a": {"S": "x"}, "b": {"N": "1"}, "c": {"BOOL": True}})
        self.update("remove", "REMOVE a, c, nope")
        self.assertEqual(self.get("remove"), {**key("remove"), "b": {"N": "1"}})

    def test_remove_list_elements_shifts_the_rest(self):
        """REMOVE l[0], l[2] removes the elements at those original indexes and closes the gaps."""
        self.put({**key("list-remove"), "l": {"L": [{"S": "a"}, {"S": "b"}, {"S": "c"},
                                                     {"S": "d"}]}})
        self.update("list-remove", "REMOVE l[0], l[2]")
        self.assertEqual(self.get("list-remove")["l"], {"L": [{"S": "b"}, {"S": "d"}]})
        self.update("list-remove", "REMOVE l[5]")
        self.assertEqual(self.get("list-remove")["l"], {"L": [{"S": "b"}, {"S": "d"}]})

    # --- Sets -----------------------------------------------------------------------------

    def test_add_and_delete_string_set(self):
        """ADD unions members into a string set, DELETE takes them out, and emptying the set removes the attribute."""
        self.update("ss", "ADD colors :c", {":c": {"SS": ["red", "green"]}})
        self.assertEqual(sorted(self.get("ss")["colors"]["SS"]), ["green", "red"])
        self.update("ss", "ADD colors :c", {":c": {"SS": ["green", "blue"]}})
        self.assertEqual(sorted(self.get("ss")["colors"]["SS"]), ["blue", "green", "red"])
        self.update("ss", "DELETE colors :c", {":c": {"SS": ["red", "purple"]}})
        self.assertEqual(sorted(self.get("ss")["colors"]["SS"]), ["blue", "green"])
        self.update("ss", "DELETE colors :c", {":c": {"SS": ["blue", "green"]}})
        self.assertEqual(self.get("ss"), key("ss"))

    def test_add_and_delete_number_set(self):
        """Number set members are matched by value when added and deleted."""
        self.put({**key("ns"), "ns": {"NS": ["1", "2.5"]}})
        self.update("ns", "ADD ns :v", {":v": {"NS": ["2.50", "3"]}})
        self.assertEqual(sorted(self.get("ns")["ns"]["NS"]), ["1", "2.5", "3"])
        self.update("ns", "DELETE ns :v", {":v": {"NS": ["1.0", "3"]}})
        self.assertEqual(self.get("ns")["ns"], {"NS": ["2.5"]})
        self.update("ns", "DELETE ns :v", {":v": {"NS": ["2.5"]}})
        self.assertNotIn("ns", self.get("ns"))

    def test_add_to_nested_set(self):
        """ADD works on a set inside a map."""
        self.put({**key("nested-set"), "m": {"M": {"s": {"SS": ["a"]}}}})
        self.update("nested-set", "ADD m.s :v", {":v": {"SS": ["b"]}})
        self.assertEqual(sorted(self.get("nested-set")["m"]["M"]["s"]["SS"]), ["a", "b"])

    # --- ReturnValues ---------------------------------------------------------------------

    def prepare_return_values(self, name):
        self.put({**key(name), "a": {"S": "old-a"}, "b": {"N": "1"}, "keep": {"S": "k"},
                  "gone": {"S": "g"}, "m": {"M": {"x": {"S": "old-x"}, "y": {"S": "y"}}}})
        return self.update(name, "SET a = :a, b = b + :one, c = :c, m.x = :x REMOVE gone",
                           {":a": {"S": "new-a"}, ":one": {"N": "1"}, ":c": {"S": "new-c"},
                            ":x": {"S": "new-x"}},
                           ReturnValues=name.split("/")[1])

    def test_return_values_none(self):
        """ReturnValues NONE returns no Attributes."""
        self.assertNotIn("Attributes", self.prepare_return_values("rv/NONE"))

    def test_return_values_all_old(self):
        """ReturnValues ALL_OLD returns the whole item as it was before the update."""
        response = self.prepare_return_values("rv/ALL_OLD")
        self.assertEqual(response["Attributes"], {
            **key("rv/ALL_OLD"), "a": {"S": "old-a"}, "b": {"N": "1"}, "keep": {"S": "k"},
            "gone": {"S": "g"}, "m": {"M": {"x": {"S": "old-x"}, "y": {"S": "y"}}}})

    def test_return_values_updated_old(self):
        """ReturnValues UPDATED_OLD returns the old values of only the updated paths that existed, nested paths inside their maps."""
        response = self.prepare_return_values("rv/UPDATED_OLD")
        self.assertEqual(response["Attributes"], {
            "a": {"S": "old-a"}, "b": {"N": "1"}, "gone": {"S": "g"},
            "m": {"M": {"x": {"S": "old-x"}}}})

    def test_return_values_all_new(self):
        """ReturnValues ALL_NEW returns the whole item after the update, without removed attributes."""
        response = self.prepare_return_values("rv/ALL_NEW")
        self.assertEqual(response["Attributes"], {
            **key("rv/ALL_NEW"), "a": {"S": "new-a"}, "b": {"N": "2"}, "keep": {"S": "k"},
            "c": {"S": "new-c"}, "m": {"M": {"x": {"S": "new-x"}, "y": {"S": "y"}}}})

    def test_return_values_updated_new(self):
        """ReturnValues UPDATED_NEW returns the new values of only the updated paths, without removed ones."""
        response = self.prepare_return_values("rv/UPDATED_NEW")
        self.assertEqual(response["Attributes"], {
            "a": {"S": "new-a"}, "b": {"N": "2"}, "c": {"S": "new-c"},
            "m": {"M": {"x": {"S": "new-x"}}}})

    def test_return_values_on_new_item(self):
        """On a newly created item, ALL_OLD and UPDATED_OLD return nothing, and UPDATED_NEW leaves out the key."""
        for mode, expected in (("ALL_OLD", None), ("UPDATED_OLD", None),
                               ("UPDATED_NEW", {"a": {"N": "1"}}),
                               ("ALL_NEW", {"a": {"N": "1"}})):
            with self.subTest(mode=mode):
                name = "rv-new/" + mode
                response = self.update(name, "SET a = :a", {":a": {"N": "1"}}, ReturnValues=mode)
                if expected is None:
                    self.assertNotIn("Attributes", response)
                elif mode == "ALL_NEW":
                    self.assertEqual(response["Attributes"], {**key(name), **expected})
                else:
                    self.assertEqual(response["Attributes"], expected)

    # --- Errors found when validating the request -------------------------------------------

    def test_list_append_inside_list_append_is_rejected(self):
        """list_append may not take another list_append as an operand."""
        self.put({**key("nested-append"), "l": {"L": []}})
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: The function is not allowed "
            "to be used this way in an expression; function: list_append",
            "nested-append", "SET l = list_append(list_append(l, :v), :v)", {":v": {"L": []}})

    def test_index_key_given_another_type_at_run_time_is_unsupported(self):
        """SET of a GSI key (S) to another attribute holding a number is refused as an unsupported
        type; SET to a number constant is a type mismatch naming the index."""
        table = harness.unique_table_name("upd-index-type")
        self.client.create_table(
            TableName=table, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"},
                                  {"AttributeName": "c", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "PK", "KeyType": "HASH"}],
            GlobalSecondaryIndexes=[{"IndexName": "index3",
                                     "KeySchema": [{"AttributeName": "c", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "ALL"}}])
        self.client.put_item(TableName=table, Item={"PK": {"S": "k"}, "n": {"N": "1"}})
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=table, Key={"PK": {"S": "k"}},
                                 UpdateExpression="SET c = n")
        self.assertError(context, "ValidationException", "The update expression attempted to "
                         "update the secondary index key to unsupported type")
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=table, Key={"PK": {"S": "k"}},
                                 UpdateExpression="ADD c :n",
                                 ExpressionAttributeValues={":n": {"N": "1"}})
        self.assertError(context, "ValidationException", "One or more parameter values were "
                         "invalid: Type mismatch for Index Key c Expected: S Actual: N IndexName: "
                         "index3")

    def test_a_path_into_the_key_is_rejected(self):
        """SET on a map lookup or list element of the partition key is refused: key attributes are
        scalars."""
        self.put({**key("key-path"), "a": {"N": "1"}})
        self.assertUpdateRejected(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
            "allowed: Key: PK", "key-path", "SET PK.part = :v", {":v": {"S": "x"}})

    def test_updating_the_partition_key_is_rejected(self):
        """An update expression may not change a key attribute, even inside SET with other clauses."""
        self.put({**key("key-update"), "a": {"N": "1"}})
        self.assertUpdateRejected(
            "One or more parameter values were invalid: Cannot update attribute PK. This "
            "attribute is part of the key",
            "key-update", "SET a = :v, PK = :v", {":v": {"S": "other"}})

    def test_updating_the_sort_key_is_rejected(self):
        """An update expression may not change the sort key of a composite-key table."""
        with self.assertRaises(ClientError) as context:
            self.raw.update_item(TableName=COMPOSITE, Key={"PK": {"S": "c"}, "SK": {"S": "2"}},
                                 UpdateExpression="SET SK = :v",
                                 ExpressionAttributeValues={":v": {"S": "3"}})
        self.assertError(context, "ValidationException",
                         "One or more parameter values were invalid: Cannot update attribute SK. "
                         "This attribute is part of the key")

    def test_overlapping_paths(self):
        """Setting a and a.b in one update is refused as overlapping document paths."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Two document paths overlap "
            "with each other; must remove or rewrite one of these paths; path one: [a], path two: "
            "[a, b]", "overlap", "SET a = :v, a.b = :v", {":v": {"S": "x"}})

    def test_same_path_in_two_clauses(self):
        """Setting and removing the same attribute overlaps with itself."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Two document paths overlap "
            "with each other; must remove or rewrite one of these paths; path one: [f], path two: "
            "[f]", "overlap", "SET f = :v REMOVE f", {":v": {"S": "x"}})

    def test_clause_used_twice(self):
        """Each of SET, REMOVE, ADD and DELETE may appear only once in an update expression."""
        self.assertUpdateRejected(
            '1 validation error detected: Invalid UpdateExpression: The "SET" section can only be '
            'used once in an update expression;',
            "twice", "SET a = :v SET b = :v", {":v": {"S": "x"}})

    def test_plus_on_a_string_value(self):
        """+ with a string value is an incorrect operand type, found before reading the item."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for "
            "operator or function; operator or function: +, operand type: S",
            "plus-string", "SET a = a + :s", {":s": {"S": "x"}})

    def test_list_append_with_a_string_value(self):
        """list_append with a value that is not a list is an incorrect operand type."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for "
            "operator or function; operator or function: list_append, operand type: S",
            "append-string", "SET a = list_append(a, :s)", {":s": {"S": "x"}})

    def test_add_with_a_list_value(self):
        """ADD takes a number or a set, so a list value is an incorrect operand type."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for "
            "operator or function; operator: ADD, operand type: LIST",
            "add-list", "ADD a :l", {":l": {"L": [{"N": "1"}]}})

    def test_delete_with_a_number_value(self):
        """DELETE takes a set, so a number value is an incorrect operand type."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Incorrect operand type for "
            "operator or function; operator: DELETE, operand type: NUMBER",
            "delete-number", "DELETE a :n", {":n": {"N": "1"}})

    def test_undefined_value(self):
        """A :value missing from ExpressionAttributeValues is named in the error."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: An expression attribute value "
            "used in expression is not defined; attribute value: :missing",
            "undefined", "SET a = :missing")

    def test_undefined_name(self):
        """A #name missing from ExpressionAttributeNames is named in the error."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: An expression attribute name "
            "used in the document path is not defined; attribute name: #missing",
            "undefined", "SET #missing = :v", {":v": {"S": "x"}})

    def test_unused_value(self):
        """A value that no expression uses is refused."""
        self.assertUpdateRejected(
            "1 validation error detected: Value provided in ExpressionAttributeValues unused in "
            "expressions: keys: {:unused}",
            "unused", "SET a = :v", {":v": {"S": "x"}, ":unused": {"S": "y"}})

    def test_unused_name(self):
        """A name that no expression uses is refused."""
        self.assertUpdateRejected(
            "1 validation error detected: Value provided in ExpressionAttributeNames unused in "
            "expressions: keys: {#unused}",
            "unused", "SET a = :v", {":v": {"S": "x"}}, {"#unused": "someattr"})

    def test_reserved_word(self):
        """A reserved word used as an attribute name must go through a placeholder."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: Attribute name is a reserved "
            "keyword; reserved keyword: name",
            "reserved", "SET name = :v", {":v": {"S": "x"}})

    def test_syntax_error_at_the_start(self):
        """An expression that starts with no clause keyword is a syntax error at its first token."""
        self.assertUpdateRejected(
            '1 validation error detected: Invalid UpdateExpression: Syntax error; token: '
            '"INVALID", near: "INVALID SYNTAX"', "syntax", "INVALID SYNTAX HERE")

    def test_syntax_error_on_a_lone_colon(self):
        """A colon separated from its value name is a syntax error naming it and its neighbours."""
        self.assertUpdateRejected(
            '1 validation error detected: Invalid UpdateExpression: Syntax error; token: ":", '
            'near: "hits : incr"', "syntax", "ADD hits : incr", {":incr": {"N": "1"}})

    def test_empty_update_expression(self):
        """An empty UpdateExpression is refused."""
        self.assertUpdateRejected(
            "1 validation error detected: Invalid UpdateExpression: The expression can not be "
            "empty;", "empty", "")

    # --- Errors found when applying the update to the stored item ---------------------------

    def test_plus_on_a_string_attribute(self):
        """+ on a stored string attribute fails when the update is applied, with no prefix."""
        self.put({**key("plus-attr"), "a": {"S": "text"}})
        self.assertUpdateRejected(
            "An operand in the update expression has an incorrect data type",
            "plus-attr", "SET a = a + :one", {":one": {"N": "1"}})

    def test_add_number_to_a_set_of_strings(self):
        """ADD of a number set to a stored string set is an incorrect data type."""
        self.put({**key("add-mismatch"), "s": {"SS": ["a"]}})
        self.assertUpdateRejected(
            "An operand in the update expression has an incorrect data type",
            "add-mismatch", "ADD s :v", {":v": {"NS": ["1"]}})

    def test_path_through_a_missing_map(self):
        """SET a.b.c when a has no b is an invalid document path, and the item is unchanged."""
        self.put({**key("missing-map"), "a": {"M": {"x": {"N": "1"}}}})
        self.assertUpdateRejected(
            "The document path provided in the update expression is invalid for update",
            "missing-map", "SET a.b.c = :v", {":v": {"S": "x"}})

    def test_path_into_a_missing_attribute(self):
        """SET a.b on an item without a is an invalid document path."""
        self.put({**key("missing-top"), "other": {"N": "1"}})
        self.assertUpdateRejected(
            "The document path provided in the update expression is invalid for update",
            "missing-top", "SET a.b = :v", {":v": {"S": "x"}})

    def test_list_index_on_a_map(self):
        """SET m[0] when m is a map is an invalid document path."""
        self.put({**key("index-on-map"), "m": {"M": {"x": {"N": "1"}}}})
        self.assertUpdateRejected(
            "The document path provided in the update expression is invalid for update",
            "index-on-map", "SET m[0] = :v", {":v": {"S": "x"}})

    def test_reading_a_missing_attribute(self):
        """SET a = b when b does not exist refers to an attribute that is not in the item."""
        self.put({**key("missing-operand"), "a": {"N": "1"}})
        self.assertUpdateRejected(
            "The provided expression refers to an attribute that does not exist in the item",
            "missing-operand", "SET a = b")


if __name__ == "__main__":
    unittest.main()
