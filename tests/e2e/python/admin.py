"""Calls ddblocal's admin API (paths under /ddblocal/, docs/ADMIN.md) over plain HTTP, as curl or a
test script would: JSON in, JSON out."""

import http.client
import json

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials


def call(server, method, path, body=None, credentials=None, raw_body=None):
    """One admin request to `server` on a fresh connection: (status, parsed JSON body).

    `path` is relative to /ddblocal/ ("clock", "requests?limit=2"). `body` is sent as JSON;
    `raw_body` as bytes, as is. `credentials` (access key, secret) signs the request with SigV4.
    """
    url = "/ddblocal/" + path
    data = raw_body if raw_body is not None else (
        json.dumps(body).encode() if body is not None else b"")
    headers = {"Content-Type": "application/json"}
    if credentials is not None:
        request = AWSRequest(method=method, url=f"{server.endpoint}{url}", data=data,
                             headers=headers)
        SigV4Auth(Credentials(*credentials), "dynamodb", "us-east-1").add_auth(request)
        headers = dict(request.headers.items())
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        connection.request(method, url, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read()
        content_type = response.getheader("Content-Type") or ""
        if not content_type.startswith("application/json"):
            return response.status, text
        return response.status, json.loads(text)
    finally:
        connection.close()
