"""DescribeEndpoints and DescribeLimits through boto3 against the real binary."""

import unittest

from . import server as harness


class DescribeEndpointsAndLimits(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = harness.Server().start()
        cls.dynamodb = cls.server.client()

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()

    def test_describe_endpoints_answers_this_servers_address(self):
        """DescribeEndpoints answers the address the client used (the Host header: host and port,
        no scheme, as DynamoDB answers its regional host name) with a cache period of a day."""
        endpoints = self.dynamodb.describe_endpoints()["Endpoints"]
        self.assertEqual(endpoints, [{"Address": f"127.0.0.1:{self.server.port}",
                                      "CachePeriodInMinutes": 1440}])

    def test_describe_limits_answers_the_default_quotas(self):
        """DescribeLimits answers DynamoDB's default provisioned throughput quotas: 80,000 read and
        write capacity units per account and 40,000 per table."""
        limits = self.dynamodb.describe_limits()
        del limits["ResponseMetadata"]
        self.assertEqual(limits, {"AccountMaxReadCapacityUnits": 80000,
                                  "AccountMaxWriteCapacityUnits": 80000,
                                  "TableMaxReadCapacityUnits": 40000,
                                  "TableMaxWriteCapacityUnits": 40000})


if __name__ == "__main__":
    unittest.main()
