"""ExportTableToPointInTime, ImportTable, DescribeExport, ListExports, DescribeImport and ListImports
through boto3 against the real binary, with a temporary directory standing in for S3 (--s3-dir):
AWS's export layout on disk, an export imported back under another name with the same items, a
hand-made AWS export imported unchanged, CSV input, per-line errors counted, failures for a
missing bucket, and the refusals."""

import gzip
import json
import os
import shutil
import tempfile
import time
import unittest

from botocore.exceptions import ClientError

from . import admin
from . import server as harness

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "aws_export")
FIXTURE_ID = "01732000000000-5e1f0a2b"
S3_DIR = tempfile.mkdtemp(prefix="ddblocal-s3-")
SERVER = harness.ModuleServer(["--s3-dir", S3_DIR])


def setUpModule():
    unittest.addModuleCleanup(shutil.rmtree, S3_DIR, True)
    os.makedirs(os.path.join(S3_DIR, "bucket"))
    SERVER.start()


def table_parameters(name, **extra):
    parameters = {
        "TableName": name,
        "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                 {"AttributeName": "sk", "AttributeType": "N"}],
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                      {"AttributeName": "sk", "KeyType": "RANGE"}],
        "BillingMode": "PAY_PER_REQUEST",
    }
    parameters.update(extra)
    return parameters


class ExportImportTest(harness.ServerTest):
    server = SERVER

    def wait_done(self, describe, status):
        """The description describe() answers once its `status` member is no longer IN_PROGRESS
        (polled for up to 30 s)."""
        for _ in range(600):
            described = describe()
            if described[status] != "IN_PROGRESS":
                return described
            time.sleep(0.05)
        self.fail(f"still IN_PROGRESS: {described}")

    def wait_export(self, arn):
        return self.wait_done(
            lambda: self.client.describe_export(ExportArn=arn)["ExportDescription"], "ExportStatus")

    def wait_import(self, arn):
        return self.wait_done(
            lambda: self.client.describe_import(ImportArn=arn)["ImportTableDescription"],
            "ImportStatus")

    def scan_all(self, table):
        items = []
        for page in self.client.get_paginator("scan").paginate(TableName=table):
            items.extend(harness.sorted_sets(item) for item in page["Items"])
        return sorted(items, key=lambda item: json.dumps(item, sort_keys=True, default=repr))

    def source_table(self, count):
        name = harness.unique_table_name("export")
        harness.create_table(self.client, name, ("pk", "S"), ("sk", "N"))
        with self.server.resource().Table(name).batch_writer() as batch:
            for i in range(count):
                item = {"pk": f"p{i % 17}", "sk": i, "tags": {f"t{i % 3}", "all"},
                        "blob": bytes([i % 256]), "nested": {"list": [i, "s", True, None]}}
                if i % 50:
                    item["text"] = "x" * (i % 50)
                batch.put_item(Item=item)
        self.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        return name

    def import_table(self, prefix, name, **extra):
        return self.client.import_table(
            S3BucketSource={"S3Bucket": "bucket", "S3KeyPrefix": prefix},
            InputFormat=extra.pop("InputFormat", "DYNAMODB_JSON"),
            InputCompressionType=extra.pop("InputCompressionType", "GZIP"),
            TableCreationParameters=extra.pop("TableCreationParameters", table_parameters(name)),
            **extra)["ImportTableDescription"]

    def test_export_then_import_under_another_name_gives_the_same_items(self):
        """An export writes AWS's layout under the bucket and prefix; importing its data files
        into a new table (with a GSI) gives back every item unchanged."""
        source = self.source_table(1200)
        arn = self.client.describe_table(TableName=source)["Table"]["TableArn"]
        started = self.client.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="bucket", S3Prefix="backups/daily")["ExportDescription"]
        self.assertEqual(started["ExportStatus"], "IN_PROGRESS")
        self.assertTrue(started["ExportArn"].startswith(arn + "/export/"))
        self.assertEqual(started["ExportFormat"], "DYNAMODB_JSON")
        self.assertEqual(started["ExportType"], "FULL_EXPORT")
        export_arn = started["ExportArn"]
        done = self.wait_export(export_arn)
        export_id = export_arn.rsplit("/", 1)[1]
        base = f"backups/daily/AWSDynamoDB/{export_id}"
        self.assertEqual(done["ExportStatus"], "COMPLETED")
        self.assertEqual(done["ItemCount"], 1200)
        self.assertGreater(done["BilledSizeBytes"], 0)
        self.assertEqual(done["ExportManifest"], f"{base}/manifest-summary.json")
        self.assertGreaterEqual(done["EndTime"], done["StartTime"])

        directory = os.path.join(S3_DIR, "bucket", base)
        with open(os.path.join(directory, "manifest-summary.json")) as f:
            summary = json.load(f)
        self.assertEqual(list(summary), ["version", "exportArn", "startTime", "endTime",
                                         "tableArn", "tableId", "exportTime", "s3Bucket",
                                         "s3Prefix", "s3SseAlgorithm", "s3SseKmsKeyId",
                                         "manifestFilesS3Key", "billedSizeBytes", "itemCount",
                                         "outputFormat"])
        self.assertEqual(summary["itemCount"], 1200)
        self.assertEqual(summary["manifestFilesS3Key"], f"{base}/manifest-files.json")
        total = 0
        with open(os.path.join(directory, "manifest-files.json")) as f:
            for line in f:
                entry = json.loads(line)
                path = os.path.join(S3_DIR, "bucket", entry["dataFileS3Key"])
                with gzip.open(path, "rt") as data:
                    lines = [json.loads(l) for l in data]
                self.assertEqual(len(lines), entry["itemCount"])
                self.assertTrue(all(list(l) == ["Item"] for l in lines))
                total += entry["itemCount"]
        self.assertEqual(total, 1200)
        self.assertTrue(os.path.exists(os.path.join(directory, "_started")))

        copy = harness.unique_table_name("imported")
        parameters = table_parameters(
            copy,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "N"},
                                  {"AttributeName": "text", "AttributeType": "S"}],
            GlobalSecondaryIndexes=[{"IndexName": "by-text",
                                     "KeySchema": [{"AttributeName": "text", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        started = self.import_table(f"{base}/data/", copy, TableCreationParameters=parameters)
        self.assertEqual(started["ImportStatus"], "IN_PROGRESS")
        done = self.wait_import(started["ImportArn"])
        self.assertEqual(done["ImportStatus"], "COMPLETED")
        self.assertEqual(done["ImportedItemCount"], 1200)
        self.assertEqual(done["ProcessedItemCount"], 1200)
        self.assertEqual(done["ErrorCount"], 0)
        self.assertGreater(done["ProcessedSizeBytes"], 0)
        self.assertEqual(self.scan_all(copy), self.scan_all(source))
        # The GSI holds the items that have its key (none has text when i % 50 == 0).
        indexed = self.client.scan(TableName=copy, IndexName="by-text", Select="COUNT")["Count"]
        self.assertEqual(indexed, 1200 - 24)

        exports = self.client.list_exports(TableArn=arn)["ExportSummaries"]
        self.assertEqual(exports, [{"ExportArn": export_arn, "ExportStatus": "COMPLETED",
                                    "ExportType": "FULL_EXPORT"}])
        imports = self.client.list_imports(
            TableArn=self.client.describe_table(TableName=copy)["Table"]["TableArn"])
        self.assertEqual([s["ImportArn"] for s in imports["ImportSummaryList"]],
                         [started["ImportArn"]])

    def test_an_aws_export_imports_unchanged(self):
        """A DynamoDB export copied down from S3 (tests/e2e/fixtures/aws_export) imports as it
        is, every attribute type intact."""
        shutil.copytree(FIXTURE, os.path.join(S3_DIR, "bucket", "fixture"), dirs_exist_ok=True)
        name = harness.unique_table_name("fixture")
        started = self.import_table(f"fixture/AWSDynamoDB/{FIXTURE_ID}/data/", name)
        done = self.wait_import(started["ImportArn"])
        self.assertEqual((done["ImportStatus"], done["ImportedItemCount"], done["ErrorCount"]),
                         ("COMPLETED", 3, 0))
        item = self.client.get_item(TableName=name,
                                    Key={"pk": {"S": "user#2"}, "sk": {"N": "-3"}})["Item"]
        self.assertEqual(harness.sorted_sets(item), {
            "pk": {"S": "user#2"}, "sk": {"N": "-3"},
            "profile": {"M": {"city": {"S": "Oslo"}, "langs": {"L": [{"S": "no"}, {"N": "7"}]}}},
            "bins": {"BS": [b"\x01", b"\x02"]}})
        self.assertEqual(self.client.scan(TableName=name, Select="COUNT")["Count"], 3)

    def test_lines_that_fail_are_counted_and_the_import_goes_on(self):
        """A line that is not JSON, or whose item the table refuses, adds to ErrorCount; the
        other lines are imported and the import COMPLETES."""
        os.makedirs(os.path.join(S3_DIR, "bucket", "mixed"), exist_ok=True)
        with open(os.path.join(S3_DIR, "bucket", "mixed", "items.json"), "w") as f:
            f.write('{"Item":{"pk":{"S":"a"},"sk":{"N":"1"}}}\n{oops\n'
                    '{"Item":{"pk":{"S":"b"}}}\n{"Item":{"pk":{"S":"c"},"sk":{"N":"2"}}}\n')
        name = harness.unique_table_name("mixed")
        done = self.wait_import(self.import_table("mixed/", name,
                                                  InputCompressionType="NONE")["ImportArn"])
        self.assertEqual(done["ImportStatus"], "COMPLETED")
        self.assertEqual((done["ProcessedItemCount"], done["ImportedItemCount"],
                          done["ErrorCount"]), (4, 2, 2))

    def test_csv_with_a_header_line(self):
        """CSV input: the first line names the attributes; key attributes take their defined
        type, the others are strings, and empty fields are left out."""
        os.makedirs(os.path.join(S3_DIR, "bucket", "csv"), exist_ok=True)
        with open(os.path.join(S3_DIR, "bucket", "csv", "people.csv"), "w") as f:
            f.write('pk,sk,name,note\nu1,1,Ann,\nu2,2,"Smith, Bo","said ""hi"""\n')
        name = harness.unique_table_name("csv")
        done = self.wait_import(self.import_table("csv/", name, InputFormat="CSV",
                                                  InputCompressionType="NONE")["ImportArn"])
        self.assertEqual((done["ImportStatus"], done["ImportedItemCount"]), ("COMPLETED", 2))
        item = self.client.get_item(TableName=name, Key={"pk": {"S": "u2"}, "sk": {"N": "2"}})
        self.assertEqual(item["Item"], {"pk": {"S": "u2"}, "sk": {"N": "2"},
                                        "name": {"S": "Smith, Bo"}, "note": {"S": 'said "hi"'}})

    def test_a_missing_bucket_fails_the_export_and_the_import(self):
        """A bucket with no directory under --s3-dir fails the job as S3 would: FAILED with
        FailureCode S3NoSuchBucket."""
        source = self.source_table(3)
        arn = self.client.describe_table(TableName=source)["Table"]["TableArn"]
        started = self.client.export_table_to_point_in_time(TableArn=arn, S3Bucket="no-such-bucket")
        done = self.wait_export(started["ExportDescription"]["ExportArn"])
        self.assertEqual((done["ExportStatus"], done["FailureCode"], done["FailureMessage"]),
                         ("FAILED", "S3NoSuchBucket", "The specified bucket does not exist"))
        done = self.wait_import(self.client.import_table(
            S3BucketSource={"S3Bucket": "no-such-bucket"}, InputFormat="DYNAMODB_JSON",
            TableCreationParameters=table_parameters(harness.unique_table_name("nobucket"))
        )["ImportTableDescription"]["ImportArn"])
        self.assertEqual((done["ImportStatus"], done["FailureCode"], done["FailureMessage"]),
                         ("FAILED", "S3NoSuchBucket", "The specified bucket does not exist"))

    def export_lines(self, done):
        """The JSON lines of a completed export's data files, every file listed by its
        manifest-files.json."""
        summary_key = done["ExportManifest"]
        with open(os.path.join(S3_DIR, "bucket", summary_key)) as f:
            summary = json.load(f)
        lines = []
        with open(os.path.join(S3_DIR, "bucket", summary["manifestFilesS3Key"])) as f:
            for entry in f:
                path = os.path.join(S3_DIR, "bucket", json.loads(entry)["dataFileS3Key"])
                with gzip.open(path, "rt") as data:
                    lines.extend(json.loads(line) for line in data)
        return summary, lines

    def advance(self, seconds):
        status, answer = admin.call(SERVER, "POST", "clock", {"advanceSeconds": seconds})
        self.assertEqual(status, 200)
        return answer["epochSeconds"]

    def test_export_at_a_past_time(self):
        """With point-in-time recovery on, an ExportTime in the recovery window exports the
        table as it stood then: puts, overwrites and deletes made after it are not in the
        export, and ExportTime and exportTime say that moment."""
        self.addCleanup(admin.call, SERVER, "POST", "clock", {"epochSeconds": time.time()})
        name = harness.unique_table_name("past")
        harness.create_table(self.client, name, ("pk", "S"), ("sk", "N"))
        self.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        for i in range(5):
            self.client.put_item(TableName=name,
                                 Item={"pk": {"S": f"p{i}"}, "sk": {"N": "1"}, "v": {"N": str(i)}})
        # boto3 sends whole seconds.
        then = int(self.advance(120)) - 60
        self.client.put_item(TableName=name,
                             Item={"pk": {"S": "p0"}, "sk": {"N": "1"}, "v": {"N": "100"}})
        self.client.delete_item(TableName=name, Key={"pk": {"S": "p1"}, "sk": {"N": "1"}})
        self.client.put_item(TableName=name,
                             Item={"pk": {"S": "p9"}, "sk": {"N": "1"}, "v": {"N": "9"}})
        arn = self.client.describe_table(TableName=name)["Table"]["TableArn"]
        started = self.client.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="bucket", S3Prefix="past", ExportTime=then)
        self.assertEqual(started["ExportDescription"]["ExportTime"].timestamp(), then)
        done = self.wait_export(started["ExportDescription"]["ExportArn"])
        self.assertEqual((done["ExportStatus"], done["ItemCount"]), ("COMPLETED", 5))
        summary, lines = self.export_lines(done)
        self.assertEqual(summary["exportTime"],
                         time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(then)))
        self.assertEqual(sorted((l["Item"]["pk"]["S"], l["Item"]["v"]["N"]) for l in lines),
                         [(f"p{i}", str(i)) for i in range(5)])
        # The table itself is untouched by the rewind of its copy.
        self.assertEqual(self.client.scan(TableName=name, Select="COUNT")["Count"], 5)
        self.assertEqual(self.client.get_item(TableName=name,
                                              Key={"pk": {"S": "p0"}, "sk": {"N": "1"}})
                         ["Item"]["v"], {"N": "100"})

    def test_incremental_export(self):
        """An INCREMENTAL_EXPORT writes one line per item changed in [ExportFromTime,
        ExportToTime): its keys, its last write time, its image when the window closed and (with
        NEW_AND_OLD_IMAGES) its image when it opened; a delete has no NewImage, an insert no
        OldImage, an item inserted and deleted in the window no line, and changes after the window
        do not show."""
        self.addCleanup(admin.call, SERVER, "POST", "clock", {"epochSeconds": time.time()})
        name = harness.unique_table_name("incremental")
        harness.create_table(self.client, name, ("pk", "S"), ("sk", "N"))
        self.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})

        def put(pk, v):
            self.client.put_item(TableName=name,
                                 Item={"pk": {"S": pk}, "sk": {"N": "1"}, "v": {"N": str(v)}})

        def image(pk, v):
            return {"pk": {"S": pk}, "sk": {"N": "1"}, "v": {"N": str(v)}}

        for pk in ("a", "b", "c", "untouched"):
            put(pk, 1)
        start = int(self.advance(60))  # boto3 sends whole seconds
        put("a", 2)
        put("a", 3)
        last_a = time.time()  # the offset is about 60 s: compared loosely below
        self.client.delete_item(TableName=name, Key={"pk": {"S": "b"}, "sk": {"N": "1"}})
        self.client.update_item(TableName=name, Key={"pk": {"S": "c"}, "sk": {"N": "1"}},
                                UpdateExpression="SET w = :w",
                                ExpressionAttributeValues={":w": {"S": "x"}})
        put("d", 1)
        put("e", 1)
        self.client.delete_item(TableName=name, Key={"pk": {"S": "e"}, "sk": {"N": "1"}})
        end = int(self.advance(1200))
        put("a", 4)  # after the window
        put("f", 1)
        arn = self.client.describe_table(TableName=name)["Table"]["TableArn"]

        expected_new = {"a": image("a", 3), "c": dict(image("c", 1), w={"S": "x"}),
                        "d": image("d", 1)}
        expected_old = {"a": image("a", 1), "b": image("b", 1), "c": image("c", 1)}
        for view in ("NEW_AND_OLD_IMAGES", "NEW_IMAGE"):
            with self.subTest(view):
                started = self.client.export_table_to_point_in_time(
                    TableArn=arn, S3Bucket="bucket", S3Prefix="incremental",
                    ExportType="INCREMENTAL_EXPORT",
                    IncrementalExportSpecification={"ExportFromTime": start, "ExportToTime": end,
                                                    "ExportViewType": view})["ExportDescription"]
                self.assertEqual(started["ExportType"], "INCREMENTAL_EXPORT")
                self.assertNotIn("ExportTime", started)
                specification = started["IncrementalExportSpecification"]
                self.assertEqual((specification["ExportFromTime"].timestamp(),
                                  specification["ExportToTime"].timestamp(),
                                  specification["ExportViewType"]), (start, end, view))
                done = self.wait_export(started["ExportArn"])
                self.assertEqual((done["ExportStatus"], done["ItemCount"]), ("COMPLETED", 4))
                summary, lines = self.export_lines(done)
                self.assertEqual(list(summary), [
                    "version", "exportArn", "startTime", "endTime", "tableArn", "tableId",
                    "exportFromTime", "exportToTime", "s3Bucket", "s3Prefix", "s3SseAlgorithm",
                    "s3SseKmsKeyId", "manifestFilesS3Key", "billedSizeBytes", "itemCount",
                    "outputFormat", "outputView", "exportType"])
                self.assertEqual((summary["exportType"], summary["outputView"],
                                  summary["itemCount"]), ("INCREMENTAL_EXPORT", view, 4))
                self.assertEqual(
                    (summary["exportFromTime"], summary["exportToTime"]),
                    (time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(start)),
                     time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(end))))
                with open(os.path.join(S3_DIR, "bucket", summary["manifestFilesS3Key"])) as f:
                    keys = [json.loads(entry)["dataFileS3Key"] for entry in f]
                self.assertTrue(all(k.startswith("incremental/AWSDynamoDB/data/") for k in keys))

                by_key = {line["Keys"]["pk"]["S"]: line for line in lines}
                self.assertEqual(sorted(by_key), ["a", "b", "c", "d"])
                for pk, line in by_key.items():
                    members = ["Metadata", "Keys"]
                    if pk in expected_new:
                        members.append("NewImage")
                    if view == "NEW_AND_OLD_IMAGES" and pk in expected_old:
                        members.append("OldImage")
                    self.assertEqual(list(line), members, pk)
                    self.assertEqual(line["Keys"], {"pk": {"S": pk}, "sk": {"N": "1"}})
                    self.assertEqual(line.get("NewImage"), expected_new.get(pk), pk)
                    if view == "NEW_AND_OLD_IMAGES":
                        self.assertEqual(line.get("OldImage"), expected_old.get(pk), pk)
                    micros = int(line["Metadata"]["WriteTimestampMicros"]["N"])
                    self.assertTrue(start * 10**6 <= micros < end * 10**6, (pk, micros))
                # a's last write in the window is its second, about 60 s ahead of real time.
                self.assertAlmostEqual(
                    int(by_key["a"]["Metadata"]["WriteTimestampMicros"]["N"]) / 10**6,
                    last_a + 60, delta=5)

    def test_incremental_refusals(self):
        """An incremental export's window must be 15 minutes to 24 hours long and inside the
        point-in-time window (else InvalidExportTimeException); it needs ExportFromTime and takes
        no ExportTime; ExportViewType is NEW_IMAGE or NEW_AND_OLD_IMAGES."""
        self.addCleanup(admin.call, SERVER, "POST", "clock", {"epochSeconds": time.time()})
        name = harness.unique_table_name("increfused")
        harness.create_table(self.client, name, ("pk", "S"), ("sk", "N"))
        self.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        now = int(self.advance(7200))
        arn = self.client.describe_table(TableName=name)["Table"]["TableArn"]

        def refused(error_type, message, **specification):
            extra = specification.pop("extra", {})
            with self.assertRaises(ClientError) as context:
                self.raw.export_table_to_point_in_time(
                    TableArn=arn, S3Bucket="bucket", ExportType="INCREMENTAL_EXPORT",
                    IncrementalExportSpecification=specification, **extra)
            self.assertError(context, error_type, message)

        period = ("The incremental export period from ExportFromTime to ExportToTime must be at "
                  "least 15 minutes and at most 24 hours")
        refused("ValidationException", period, ExportFromTime=now - 899, ExportToTime=now)
        refused("ValidationException", period, ExportFromTime=now - 600)
        refused("ValidationException", period, ExportFromTime=now - 86401, ExportToTime=now)
        refused("ValidationException", period, ExportFromTime=now, ExportToTime=now - 1800)
        outside = "The specified ExportTime is outside of the point in time recovery window."
        refused("InvalidExportTimeException", outside, ExportFromTime=now - 9000,
                ExportToTime=now - 7200)
        refused("InvalidExportTimeException", outside, ExportFromTime=now - 1800,
                ExportToTime=now + 1800)
        refused("ValidationException",
                "IncrementalExportSpecification.ExportFromTime must be specified for an "
                "INCREMENTAL_EXPORT", ExportToTime=now)
        refused("ValidationException",
                "ExportTime cannot be specified for an INCREMENTAL_EXPORT: its window is "
                "IncrementalExportSpecification's ExportFromTime and ExportToTime",
                ExportFromTime=now - 1800, extra={"ExportTime": now})
        refused("ValidationException",
                "1 validation error detected: Value 'OLD_IMAGE' at "
                "'incrementalExportSpecification.exportViewType' failed to satisfy constraint: "
                "Member must satisfy enum value set: [NEW_IMAGE, NEW_AND_OLD_IMAGES]",
                ExportFromTime=now - 1800, ExportViewType="OLD_IMAGE")
        # Inside both windows: accepted, with nothing changed.
        done = self.wait_export(self.client.export_table_to_point_in_time(
            TableArn=arn, S3Bucket="bucket", ExportType="INCREMENTAL_EXPORT",
            IncrementalExportSpecification={"ExportFromTime": now - 1800})[
                "ExportDescription"]["ExportArn"])
        self.assertEqual((done["ExportStatus"], done["ItemCount"]), ("COMPLETED", 0))

    def test_refusals(self):
        """Export needs point-in-time recovery; ION is refused; an ExportTime outside the window
        is InvalidExportTime; unknown
        ARNs are ExportNotFound and ImportNotFound; a taken table name is ResourceInUse; a
        ClientToken reused with other parameters is ExportConflict."""
        name = harness.unique_table_name("refused")
        harness.create_table(self.client, name, ("pk", "S"), ("sk", "N"))
        arn = self.client.describe_table(TableName=name)["Table"]["TableArn"]
        with self.assertRaises(ClientError) as context:
            self.raw.export_table_to_point_in_time(TableArn=arn, S3Bucket="bucket")
        self.assertError(context, "PointInTimeRecoveryUnavailableException",
                         f"Point in time recovery is not enabled for table '{name}'")
        self.client.update_continuous_backups(
            TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})
        with self.assertRaises(ClientError) as context:
            self.raw.export_table_to_point_in_time(TableArn=arn, S3Bucket="bucket",
                                                   ExportFormat="ION")
        self.assertError(context, "ValidationException",
                         "ddblocal does not write ExportFormat ION: export in DYNAMODB_JSON "
                         "instead")
        for moment in (time.time() - 3600, time.time() + 3600):
            with self.assertRaises(ClientError) as context:
                self.raw.export_table_to_point_in_time(TableArn=arn, S3Bucket="bucket",
                                                       ExportTime=moment)
            self.assertError(context, "InvalidExportTimeException",
                             "The specified ExportTime is outside of the point in time recovery "
                             "window.")
        self.client.export_table_to_point_in_time(TableArn=arn, S3Bucket="bucket",
                                                  ClientToken="token-1")
        with self.assertRaises(ClientError) as context:
            self.raw.export_table_to_point_in_time(TableArn=arn, S3Bucket="bucket",
                                                   S3Prefix="elsewhere", ClientToken="token-1")
        self.assertEqual(context.exception.response["Error"]["Code"], "ExportConflictException")
        with self.assertRaises(ClientError) as context:
            self.raw.describe_export(ExportArn=arn + "/export/01700000000000-00000000")
        self.assertError(context, "ExportNotFoundException",
                         f"Export not found: {arn}/export/01700000000000-00000000")
        with self.assertRaises(ClientError) as context:
            self.raw.describe_import(ImportArn=arn + "/import/01700000000000-00000000")
        self.assertError(context, "ImportNotFoundException",
                         f"Import not found: {arn}/import/01700000000000-00000000")
        with self.assertRaises(ClientError) as context:
            self.raw.import_table(S3BucketSource={"S3Bucket": "bucket"},
                                  InputFormat="DYNAMODB_JSON",
                                  TableCreationParameters=table_parameters(name))
        self.assertError(context, "ResourceInUseException", f"Table already exists: {name}")
        with self.assertRaises(ClientError) as context:
            self.raw.import_table(S3BucketSource={"S3Bucket": "bucket"}, InputFormat="ION",
                                  TableCreationParameters=table_parameters("ion-table"))
        self.assertError(context, "ValidationException",
                         "ddblocal does not read InputFormat ION: import DYNAMODB_JSON or CSV")


class DurableImportTest(unittest.TestCase):
    def test_imported_items_survive_a_restart(self):
        """With --data-dir, an import's items are written to the log like any PutItem: after a
        clean restart the imported table and its items are there."""
        data_dir = tempfile.mkdtemp(prefix="ddblocal-data-")
        self.addCleanup(shutil.rmtree, data_dir, True)
        shutil.copytree(FIXTURE, os.path.join(S3_DIR, "bucket", "durable"), dirs_exist_ok=True)
        args = ["--s3-dir", S3_DIR, "--data-dir", data_dir]
        server = harness.Server(args).start()
        try:
            client = server.client()
            arn = client.import_table(
                S3BucketSource={"S3Bucket": "bucket",
                                "S3KeyPrefix": f"durable/AWSDynamoDB/{FIXTURE_ID}/data/"},
                InputFormat="DYNAMODB_JSON", InputCompressionType="GZIP",
                TableCreationParameters=table_parameters("durable-import"))[
                    "ImportTableDescription"]["ImportArn"]
            for _ in range(600):
                status = client.describe_import(ImportArn=arn)["ImportTableDescription"]
                if status["ImportStatus"] != "IN_PROGRESS":
                    break
                time.sleep(0.05)
            self.assertEqual(status["ImportStatus"], "COMPLETED")
        finally:
            server.stop()
        server = harness.Server(args).start()
        self.addCleanup(server.stop)
        client = server.client()
        self.assertEqual(client.scan(TableName="durable-import", Select="COUNT")["Count"], 3)
        item = client.get_item(TableName="durable-import",
                               Key={"pk": {"S": "user#1"}, "sk": {"N": "1"}})["Item"]
        self.assertEqual(item["name"], {"S": "Ann"})


class WithoutS3DirTest(unittest.TestCase):
    def test_every_operation_names_the_flag(self):
        """Without --s3-dir the six operations answer a ValidationException that names the
        flag."""
        server = harness.Server().start()
        self.addCleanup(server.stop)
        client = server.client(raw_errors=True)
        calls = {
            "ExportTableToPointInTime": lambda: client.export_table_to_point_in_time(
                TableArn="arn:aws:dynamodb:us-east-1:000000000000:table/t", S3Bucket="bucket"),
            "DescribeExport": lambda: client.describe_export(
                ExportArn="arn:aws:dynamodb:us-east-1:000000000000:table/t/export/x"),
            "ListExports": client.list_exports,
            "ImportTable": lambda: client.import_table(
                S3BucketSource={"S3Bucket": "bucket"}, InputFormat="CSV",
                TableCreationParameters=table_parameters("t")),
            "DescribeImport": lambda: client.describe_import(
                ImportArn="arn:aws:dynamodb:us-east-1:000000000000:table/t/import/x"),
            "ListImports": client.list_imports,
        }
        for operation, call in calls.items():
            with self.subTest(operation), self.assertRaises(ClientError) as context:
                call()
            harness.assert_error(
                self, context, "ValidationException",
                f"{operation} needs a local directory standing in for Amazon S3: start ddblocal "
                "with --s3-dir DIR (each bucket is the subdirectory DIR/<bucket>)")


if __name__ == "__main__":
    unittest.main()
