"""What the three examples share: the command line, credentials, the client, a uniquely named
table that is deleted at the end, explicit checks, and the exit code."""

import argparse
import os
import sys
import time
import uuid

import boto3
import botocore.config
from botocore.exceptions import ClientError


class ExampleFailure(Exception):
    pass


def check(condition, message):
    """Fails the example with a clear message if the data model's expectation does not hold."""
    if not condition:
        raise ExampleFailure(message)


def wait_active(client, table):
    for _ in range(100):
        if client.describe_table(TableName=table)["Table"]["TableStatus"] == "ACTIVE":
            return
        time.sleep(0.1)
    raise ExampleFailure(f"table {table} did not become ACTIVE")


def _setup_credentials():
    if not (os.environ.get("AWS_ACCESS_KEY_ID") or os.environ.get("AWS_PROFILE")):
        os.environ["AWS_ACCESS_KEY_ID"] = "dummy"
        os.environ["AWS_SECRET_ACCESS_KEY"] = "dummy"
    if not (os.environ.get("AWS_DEFAULT_REGION") or os.environ.get("AWS_REGION")):
        os.environ["AWS_DEFAULT_REGION"] = "us-east-1"


def _delete_table(client, table):
    try:
        client.delete_table(TableName=table)
        print(f"\ndeleted table {table}")
    except ClientError as error:
        if error.response["Error"]["Code"] != "ResourceNotFoundException":
            print(f"warning: could not delete {table}: {error}", file=sys.stderr)
    except Exception:
        pass


def run_example(doc, name, run):
    """Runs `run(client, table)` against --endpoint-url on a fresh table; returns the exit code:
    0 when every check passed, 1 (with "FAILED: ..." on stderr) otherwise."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--endpoint-url",
                        default=os.environ.get("AWS_ENDPOINT_URL_DYNAMODB", "http://localhost:8000"))
    args = parser.parse_args()
    _setup_credentials()
    # Few retries, so that a server that is not running fails in seconds.
    config = botocore.config.Config(connect_timeout=5, read_timeout=30,
                                    retries={"mode": "standard", "max_attempts": 3})
    client = boto3.client("dynamodb", endpoint_url=args.endpoint_url, config=config)
    table = f"{name}-example-{uuid.uuid4().hex[:8]}"
    try:
        run(client, table)
    except ExampleFailure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        return 1
    except ClientError as error:
        print(f"FAILED: unexpected DynamoDB error: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # e.g. connection refused
        print(f"FAILED: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    finally:
        _delete_table(client, table)
    print(f"{name} example: all checks passed")
    return 0
