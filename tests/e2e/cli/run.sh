#!/usr/bin/env bash
# End-to-end test of ddblocal with the AWS CLI: starts the real binary ($DDBLOCAL_BIN, by default
# build/ddblocal of the checkout this script is in) on a free port of 127.0.0.1, drives it with
# `aws dynamodb ...` (the `aws` on PATH, or $AWS_CLI), compares outputs exactly, and stops the
# server by PID.
# Prints "N passed, 0 failed" and exits 0 when every check passes; otherwise lists the failures
# and exits 1.
set -u

# This script is tests/e2e/cli/run.sh: the repository root is three folders up.
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
BIN="${DDBLOCAL_BIN:-$REPO/build/ddblocal}"
AWS="${AWS_CLI:-aws}"
STEP_TIMEOUT=60

# Dummy credentials and a fixed region; keep any real configuration of this machine out.
export AWS_ACCESS_KEY_ID=test
export AWS_SECRET_ACCESS_KEY=test
export AWS_DEFAULT_REGION=us-east-1
export AWS_REGION=us-east-1
export AWS_PAGER=""
export AWS_EC2_METADATA_DISABLED=true
export AWS_CONFIG_FILE=/dev/null
export AWS_SHARED_CREDENTIALS_FILE=/dev/null
unset AWS_PROFILE AWS_SESSION_TOKEN

passed=0
failed=0
failures=()
work="$(mktemp -d)"
server_pid=""

cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -KILL "$server_pid" 2>/dev/null
    wait "$server_pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT

pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() {
  failed=$((failed + 1))
  failures+=("$1")
  echo "FAIL $1"
  shift
  for line in "$@"; do echo "     $line"; done
}

# check NAME EXPECTED ACTUAL: exact string comparison.
check() {
  if [[ "$3" == "$2" ]]; then
    pass "$1"
  else
    fail "$1" "expected: $(printf '%q' "$2")" "actual:   $(printf '%q' "$3")"
  fi
}

if [[ ! -x "$BIN" ]]; then
  echo "ddblocal binary not found or not executable: $BIN"
  echo "0 passed, 1 failed"
  exit 1
fi
if ! command -v "$AWS" >/dev/null 2>&1; then
  echo "AWS CLI not found: $AWS"
  echo "0 passed, 1 failed"
  exit 1
fi

# --port 0: the kernel picks a free port, which the listening line then names.
# --s3-dir: a directory standing in for S3, whose subdirectory "bucket" is a bucket.
mkdir -p "$work/s3/bucket"
"$BIN" --host 127.0.0.1 --port 0 --log-level warn --s3-dir "$work/s3" >"$work/stdout" 2>"$work/stderr" &
server_pid=$!

endpoint=""
for _ in $(seq 100); do
  endpoint="$(sed -n 's|^ddblocal listening on \(http://127\.0\.0\.1:[0-9][0-9]*\)$|\1|p' "$work/stdout")"
  if [[ -n "$endpoint" ]]; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 0.1
done
if [[ -z "$endpoint" ]]; then
  echo "ddblocal did not print 'ddblocal listening on http://127.0.0.1:<port>' within 10 s"
  echo "--- stdout"; cat "$work/stdout"; echo "--- stderr"; cat "$work/stderr"
  echo "0 passed, 1 failed"
  exit 1
fi
export AWS_ENDPOINT_URL_DYNAMODB="$endpoint"
echo "ddblocal (pid $server_pid) listening on $endpoint; CLI: $("$AWS" --version 2>&1 | head -n1)"

# ddb ARGS...: runs `aws dynamodb ARGS --endpoint-url ...` with a time limit; stdout goes to
# $work/out, stderr to $work/err, and the exit code to $rc.
ddb() {
  timeout "$STEP_TIMEOUT" "$AWS" dynamodb "$@" --endpoint-url "$endpoint" >"$work/out" 2>"$work/err"
  rc=$?
}
out() { cat "$work/out"; }
err() { cat "$work/err"; }

table="cli-leaderboard-$$-$RANDOM"

# CreateTable returns the new table's description. The GSI ranks a season's matches by a
# zero-padded rating; matches without a season stay out of it (a sparse index).
ddb create-table --table-name "$table" \
  --attribute-definitions AttributeName=PK,AttributeType=S AttributeName=SK,AttributeType=S \
  AttributeName=season,AttributeType=S AttributeName=rating,AttributeType=S \
  --key-schema AttributeName=PK,KeyType=HASH AttributeName=SK,KeyType=RANGE \
  --global-secondary-indexes '[{"IndexName":"season-rating","KeySchema":[{"AttributeName":"season","KeyType":"HASH"},{"AttributeName":"rating","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]' \
  --billing-mode PAY_PER_REQUEST \
  --query TableDescription.TableName --output text
check "create-table returns the table name" "$table" "$(out)"

# The table-exists waiter returns once DescribeTable says ACTIVE.
ddb wait table-exists --table-name "$table"
check "wait table-exists succeeds" "0" "$rc"

ddb describe-table --table-name "$table" --query 'Table.[TableStatus,BillingModeSummary.BillingMode]' \
  --output text
check "describe-table reports ACTIVE and PAY_PER_REQUEST" $'ACTIVE\tPAY_PER_REQUEST' "$(out)"

# Tables belong to the access key and region (DynamoDB Local without -sharedDb): another key does
# not see this one.
AWS_ACCESS_KEY_ID=othersuite ddb list-tables --query "length(TableNames[?@ == '$table'])" --output text
check "list-tables with another access key does not list the table" "0" "$(out)"

# PutItem: a profile and three matches, one score written with an exponent.
ddb put-item --table-name "$table" \
  --item '{"PK":{"S":"PLAYER#u1"},"SK":{"S":"PROFILE"},"name":{"S":"Ursula"}}'
check "put-item of the profile succeeds" "0" "$rc"
all_puts=0
for m in "2024-03-01T09:00:00Z 1.50E2" "2024-03-03T23:59:59Z 7" "2024-03-02T12:00:00Z 0042"; do
  read -r time score <<<"$m"
  ddb put-item --table-name "$table" \
    --item "{\"PK\":{\"S\":\"PLAYER#u1\"},\"SK\":{\"S\":\"MATCH#$time\"},\"score\":{\"N\":\"$score\"}}"
  all_puts=$((all_puts + rc))
done
check "put-item of three matches succeeds" "0" "$all_puts"

# GetItem returns numbers in DynamoDB's canonical form.
ddb get-item --table-name "$table" \
  --key '{"PK":{"S":"PLAYER#u1"},"SK":{"S":"MATCH#2024-03-01T09:00:00Z"}}' \
  --query 'Item.score.N' --output text
check "get-item returns 1.50E2 as 150" "150" "$(out)"

ddb get-item --table-name "$table" --key '{"PK":{"S":"PLAYER#u1"},"SK":{"S":"PROFILE"}}' \
  --query 'Item.name.S' --output text
check "get-item returns the profile" "Ursula" "$(out)"

# Query: the player's matches newest first.
ddb query --table-name "$table" \
  --key-condition-expression 'PK = :p AND begins_with(SK, :m)' \
  --expression-attribute-values '{":p":{"S":"PLAYER#u1"},":m":{"S":"MATCH#"}}' \
  --no-scan-index-forward \
  --query 'Items[].SK.S' --output text
check "query returns the matches newest first" \
  $'MATCH#2024-03-03T23:59:59Z\tMATCH#2024-03-02T12:00:00Z\tMATCH#2024-03-01T09:00:00Z' "$(out)"

# The CLI pages with --page-size and still returns every item, in order.
ddb query --table-name "$table" \
  --key-condition-expression 'PK = :p' \
  --expression-attribute-values '{":p":{"S":"PLAYER#u1"}}' \
  --page-size 1 \
  --query 'Items[].SK.S' --output text
check "query with --page-size 1 returns every item in sort-key order" \
  $'MATCH#2024-03-01T09:00:00Z\nMATCH#2024-03-02T12:00:00Z\nMATCH#2024-03-03T23:59:59Z\nPROFILE' \
  "$(out | tr '\t' '\n')"

# An invalid query: begins_with on the partition key.
ddb query --table-name "$table" \
  --key-condition-expression 'begins_with(PK, :p)' \
  --expression-attribute-values '{":p":{"S":"PLAYER"}}'
if [[ "$rc" -ne 0 ]]; then pass "invalid query exits non-zero"; else fail "invalid query exits non-zero"; fi
check "invalid query reports code and message" \
  "An error occurred (ValidationException) when calling the Query operation: Query key condition not supported" \
  "$(err | grep -F 'An error occurred')"

# An unused :value.
ddb query --table-name "$table" \
  --key-condition-expression 'PK = :p' \
  --expression-attribute-values '{":p":{"S":"PLAYER#u1"},":x":{"S":"unused"}}'
check "unused value reports code and message" \
  "An error occurred (ValidationException) when calling the Query operation: Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}" \
  "$(err | grep -F 'An error occurred')"

# BatchWriteItem: three ranked matches of one season, from a file as users pass them.
match() { # PLAYER SK RATING
  echo "{\"PutRequest\":{\"Item\":{\"PK\":{\"S\":\"PLAYER#$1\"},\"SK\":{\"S\":\"$2\"},\"season\":{\"S\":\"2024\"},\"rating\":{\"S\":\"$3\"}}}}"
}
echo "{\"$table\":[$(match u2 MATCH#2024-04-01 00950),$(match u3 MATCH#2024-04-02 01200),$(match u4 MATCH#2024-04-03 00080)]}" \
  >"$work/batch.json"
ddb batch-write-item --request-items "file://$work/batch.json" \
  --query 'length(keys(UnprocessedItems))' --output text
check "batch-write-item leaves nothing unprocessed" "0" "$(out)"

ddb query --table-name "$table" --index-name season-rating \
  --key-condition-expression 'season = :s' --expression-attribute-values '{":s":{"S":"2024"}}' \
  --no-scan-index-forward --query 'Items[].[PK.S,rating.S]' --output text
check "the sparse GSI ranks only the season's matches, best first" \
  $'PLAYER#u3\t01200\nPLAYER#u2\t00950\nPLAYER#u4\t00080' "$(out)"

# Optimistic locking: the first versioned update wins, the second is refused.
version_update() {
  ddb update-item --table-name "$table" --key '{"PK":{"S":"PLAYER#u1"},"SK":{"S":"PROFILE"}}' \
    --update-expression 'SET #v = :one' --condition-expression 'attribute_not_exists(#v)' \
    --expression-attribute-names '{"#v":"version"}' --expression-attribute-values '{":one":{"N":"1"}}'
}
version_update
check "a conditional update-item succeeds" "0" "$rc"
version_update
check "a failed condition reports code and message" \
  "An error occurred (ConditionalCheckFailedException) when calling the UpdateItem operation: The conditional request failed" \
  "$(err | grep -F 'An error occurred')"

# TransactWriteItems: a new match and the profile's match count, together.
transaction() { # CONDITION on the profile
  cat >"$work/transaction.json" <<JSON
[{"Put":{"TableName":"$table","Item":{"PK":{"S":"PLAYER#u1"},"SK":{"S":"MATCH#2024-05-01T00:00:00Z"}}}},
 {"Update":{"TableName":"$table","Key":{"PK":{"S":"PLAYER#u1"},"SK":{"S":"PROFILE"}},
  "UpdateExpression":"ADD matches :one","ConditionExpression":"$1",
  "ExpressionAttributeValues":{":one":{"N":"1"}}}}]
JSON
  ddb transact-write-items --transact-items "file://$work/transaction.json"
}
transaction "attribute_exists(PK)"
check "transact-write-items succeeds" "0" "$rc"
ddb get-item --table-name "$table" --key '{"PK":{"S":"PLAYER#u1"},"SK":{"S":"PROFILE"}}' \
  --query 'Item.matches.N' --output text
check "the transaction's update landed" "1" "$(out)"
transaction "attribute_not_exists(PK)"
check "a cancelled transaction reports code and reasons" \
  "An error occurred (TransactionCanceledException) when calling the TransactWriteItems operation: Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]" \
  "$(err | grep -F 'An error occurred')"

# Tags: TagResource and UntagResource answer with an empty body, so the CLI prints nothing;
# ListTagsOfResource lists the table's tags by its ARN.
arn="arn:aws:dynamodb:us-east-1:000000000000:table/$table"
ddb tag-resource --resource-arn "$arn" --tags Key=env,Value=test Key=team,Value=games
check "tag-resource succeeds and prints nothing" "0:" "$rc:$(out)"

ddb untag-resource --resource-arn "$arn" --tag-keys team absent
check "untag-resource of a present and an absent key succeeds and prints nothing" "0:" "$rc:$(out)"

ddb list-tags-of-resource --resource-arn "$arn" --query 'Tags[].[Key,Value]' --output text
check "list-tags-of-resource lists the remaining tag" $'env\ttest' "$(out)"

# A key with the reserved aws: prefix is refused with DynamoDB's message.
ddb tag-resource --resource-arn "$arn" --tags Key=aws:owner,Value=me
check "tag-resource of an aws: key is a ValidationException" \
  "An error occurred (ValidationException) when calling the TagResource operation: Tag Key cannot be prefixed with aws:, Key: aws:owner" \
  "$(err | grep -F 'An error occurred')"

# Resource policies: stored and returned (not enforced), with a revision ID.
policy='{"Version":"2012-10-17","Statement":[]}'
ddb put-resource-policy --resource-arn "$arn" --policy "$policy" --query RevisionId --output text
revision="$(out)"
check "put-resource-policy answers a numeric revision ID" "yes" \
  "$([[ "$revision" =~ ^[0-9]+$ ]] && echo yes || echo "no: $revision")"
ddb get-resource-policy --resource-arn "$arn" --query '[Policy,RevisionId]' --output text
check "get-resource-policy returns the policy and its revision" "$policy"$'\t'"$revision" "$(out)"
ddb delete-resource-policy --resource-arn "$arn" --expected-revision-id 1
check "delete-resource-policy of another revision is a PolicyNotFoundException" \
  "An error occurred (PolicyNotFoundException) when calling the DeleteResourcePolicy operation: Resource-based policy not found for the provided ResourceArn: Requested update for policy with revision id 1, but the policy associated to target $arn has revision id $revision" \
  "$(err | grep -F 'An error occurred')"
ddb delete-resource-policy --resource-arn "$arn" --expected-revision-id "$revision" \
  --query RevisionId --output text
check "delete-resource-policy answers the deleted revision" "$revision" "$(out)"

# Point-in-time recovery: off on a new table, then on with a period.
ddb describe-continuous-backups --table-name "$table" --output text \
  --query 'ContinuousBackupsDescription.[ContinuousBackupsStatus,PointInTimeRecoveryDescription.PointInTimeRecoveryStatus]'
check "describe-continuous-backups: backups on, recovery off" $'ENABLED\tDISABLED' "$(out)"
ddb update-continuous-backups --table-name "$table" \
  --point-in-time-recovery-specification PointInTimeRecoveryEnabled=true,RecoveryPeriodInDays=14 \
  --query 'ContinuousBackupsDescription.PointInTimeRecoveryDescription.[PointInTimeRecoveryStatus,RecoveryPeriodInDays]' \
  --output text
check "update-continuous-backups enables recovery for 14 days" $'ENABLED\t14' "$(out)"
ddb describe-continuous-backups --table-name missing-table
check "describe-continuous-backups of a missing table is a TableNotFoundException" \
  "An error occurred (TableNotFoundException) when calling the DescribeContinuousBackups operation: Table not found: missing-table" \
  "$(err | grep -F 'An error occurred')"

# On-demand backups: a backup of the table, restored into a new table that holds its items.
ddb create-backup --table-name "$table" --backup-name cli-nightly \
  --query 'BackupDetails.[BackupName,BackupStatus,BackupType]' --output text
check "create-backup answers an AVAILABLE USER backup" $'cli-nightly\tAVAILABLE\tUSER' "$(out)"
ddb list-backups --table-name "$table" --query 'BackupSummaries[0].BackupArn' --output text
backup_arn="$(out)"
check "list-backups lists the backup under the table's ARN" "yes" \
  "$([[ "$backup_arn" == "$arn/backup/"* ]] && echo yes || echo "no: $backup_arn")"
ddb restore-table-from-backup --target-table-name "$table-restored" --backup-arn "$backup_arn" \
  --query 'TableDescription.[TableStatus,RestoreSummary.SourceBackupArn]' --output text
check "restore-table-from-backup answers CREATING and its source" $'CREATING\t'"$backup_arn" "$(out)"
ddb wait table-exists --table-name "$table-restored"
ddb scan --table-name "$table" --select COUNT --query Count --output text
source_count="$(out)"
ddb scan --table-name "$table-restored" --select COUNT --query Count --output text
check "the restored table holds the table's items" "$source_count" "$(out)"
ddb restore-table-from-backup --target-table-name "$table" --backup-arn "$backup_arn"
check "restore-table-from-backup onto an existing table is a TableAlreadyExistsException" \
  "An error occurred (TableAlreadyExistsException) when calling the RestoreTableFromBackup operation: Table already exists: $table" \
  "$(err | grep -F 'An error occurred')"
ddb delete-backup --backup-arn "$backup_arn" --query BackupDescription.BackupDetails.BackupStatus \
  --output text
check "delete-backup answers DELETED" "DELETED" "$(out)"
ddb describe-backup --backup-arn "$backup_arn"
check "describe-backup of a deleted backup is a BackupNotFoundException" \
  "An error occurred (BackupNotFoundException) when calling the DescribeBackup operation: Backup not found: $backup_arn" \
  "$(err | grep -F 'An error occurred')"
ddb restore-table-to-point-in-time --source-table-name "$table" \
  --target-table-name "$table-pitr" --use-latest-restorable-time \
  --query 'TableDescription.[TableName,RestoreSummary.RestoreInProgress]' --output text
check "restore-table-to-point-in-time of the latest time creates the table" \
  "$table-pitr"$'\tTrue' "$(out)"

# Contributor Insights: the status per table and index.
ddb update-contributor-insights --table-name "$table" --index-name season-rating \
  --contributor-insights-action ENABLE --query ContributorInsightsStatus --output text
check "update-contributor-insights answers ENABLING" "ENABLING" "$(out)"
ddb describe-contributor-insights --table-name "$table" --index-name season-rating \
  --query ContributorInsightsStatus --output text
check "describe-contributor-insights shows the index ENABLED" "ENABLED" "$(out)"
ddb list-contributor-insights --table-name "$table" --output text \
  --query 'ContributorInsightsSummaries[].[IndexName,ContributorInsightsStatus]'
check "list-contributor-insights lists the table and its index" \
  $'None\tDISABLED\nseason-rating\tENABLED' "$(out)"

# Kinesis streaming destination: stored and reported, nothing sent.
kinesis="arn:aws:kinesis:us-east-1:123456789012:stream/cli-changes"
ddb enable-kinesis-streaming-destination --table-name "$table" --stream-arn "$kinesis" \
  --query DestinationStatus --output text
check "enable-kinesis-streaming-destination answers ENABLING" "ENABLING" "$(out)"
ddb describe-kinesis-streaming-destination --table-name "$table" --output text \
  --query 'KinesisDataStreamDestinations[].[StreamArn,DestinationStatus]'
check "describe-kinesis-streaming-destination shows it ACTIVE" "$kinesis"$'\tACTIVE' "$(out)"
ddb update-kinesis-streaming-destination --table-name "$table" --stream-arn "$kinesis" \
  --update-kinesis-streaming-configuration ApproximateCreationDateTimePrecision=MICROSECOND \
  --query DestinationStatus --output text
check "update-kinesis-streaming-destination answers UPDATING" "UPDATING" "$(out)"
ddb disable-kinesis-streaming-destination --table-name "$table" --stream-arn "$kinesis" \
  --query DestinationStatus --output text
check "disable-kinesis-streaming-destination answers DISABLING" "DISABLING" "$(out)"

# DescribeStream's ShardFilter: a stream's only shard has no children yet.
ddb update-table --table-name "$table" \
  --stream-specification StreamEnabled=true,StreamViewType=KEYS_ONLY \
  --query TableDescription.LatestStreamArn --output text
stream_arn="$(out)"
timeout "$STEP_TIMEOUT" "$AWS" dynamodbstreams describe-stream --stream-arn "$stream_arn" \
  --endpoint-url "$endpoint" --query 'StreamDescription.Shards[0].ShardId' --output text \
  >"$work/out" 2>"$work/err"
shard="$(out)"
timeout "$STEP_TIMEOUT" "$AWS" dynamodbstreams describe-stream --stream-arn "$stream_arn" \
  --shard-filter Type=CHILD_SHARDS,ShardId="$shard" --endpoint-url "$endpoint" \
  --query 'length(StreamDescription.Shards)' --output text >"$work/out" 2>"$work/err"
check "describe-stream with a CHILD_SHARDS filter lists no children of a new shard" "0" "$(out)"

# Global tables are refused by name.
ddb list-global-tables
check "list-global-tables is an UnknownOperationException naming it" \
  "An error occurred (UnknownOperationException) when calling the ListGlobalTables operation: ListGlobalTables is not supported: ddblocal has no global tables (no replicas in other regions)" \
  "$(err | grep -F 'An error occurred')"

# Table settings: UpdateTable changes them, DescribeTable echoes them; the table's ARN works as
# its name.
ddb update-table --table-name "$arn" --table-class STANDARD_INFREQUENT_ACCESS \
  --query TableDescription.TableClassSummary.TableClass --output text
check "update-table by ARN changes the table class" "STANDARD_INFREQUENT_ACCESS" "$(out)"

ddb update-table --table-name "$table" --sse-specification Enabled=true \
  --query 'TableDescription.SSEDescription.[Status,SSEType]' --output text
check "update-table enables KMS encryption" $'ENABLED\tKMS' "$(out)"

ddb update-table --table-name "$table" --on-demand-throughput MaxReadRequestUnits=100
ddb update-table --table-name "$table" --warm-throughput ReadUnitsPerSecond=13000
ddb describe-table --table-name "$arn" \
  --query 'Table.[OnDemandThroughput.MaxReadRequestUnits,WarmThroughput.ReadUnitsPerSecond,WarmThroughput.WriteUnitsPerSecond]' \
  --output text
check "describe-table echoes OnDemandThroughput and WarmThroughput" $'100\t13000\t4000' "$(out)"

ddb update-table --table-name "$table" --warm-throughput ReadUnitsPerSecond=12000
check "update-table lowering the warm throughput is a ValidationException" \
  "An error occurred (ValidationException) when calling the UpdateTable operation: One or more parameter values were invalid: Requested ReadUnitsPerSecond for WarmThroughput for table is lower than current WarmThroughput, decreasing WarmThroughput is not supported" \
  "$(err | grep -F 'An error occurred')"

# PartiQL: execute-statement reads and writes with parameters, a duplicate INSERT is
# DuplicateItemException, execute-transaction writes all or nothing, batch-execute-statement
# answers each statement.
ddb execute-statement --statement "INSERT INTO \"$table\" VALUE {'PK': 'PLAYER#pq', 'SK': 'PROFILE', 'name': 'Quin'}"
check "execute-statement INSERT succeeds" "0" "$rc"
ddb execute-statement --statement "INSERT INTO \"$table\" VALUE {'PK': 'PLAYER#pq', 'SK': 'PROFILE'}"
check "execute-statement INSERT of an existing key is DuplicateItemException" \
  "An error occurred (DuplicateItemException) when calling the ExecuteStatement operation: Duplicate primary key exists in table" \
  "$(err | sed '/^$/d')"
ddb execute-statement --statement "SELECT name FROM \"$table\" WHERE PK = ? AND SK = ?" \
  --parameters '[{"S":"PLAYER#pq"},{"S":"PROFILE"}]' --query 'Items[0].name.S' --output text
check "execute-statement SELECT by key with parameters" "Quin" "$(out)"
ddb execute-statement --statement "UPDATE \"$table\" SET name = 'Q' WHERE PK = 'PLAYER#pq' AND SK = 'PROFILE' RETURNING ALL OLD *" \
  --query 'Items[0].name.S' --output text
check "execute-statement UPDATE RETURNING ALL OLD" "Quin" "$(out)"
ddb execute-transaction --transact-statements "[{\"Statement\":\"UPDATE \\\"$table\\\" SET n = 1 WHERE PK = 'PLAYER#pq' AND SK = 'PROFILE'\"},{\"Statement\":\"UPDATE \\\"$table\\\" SET n = 1 WHERE PK = 'PLAYER#none' AND SK = 'PROFILE'\"}]"
check "execute-transaction with a missing item is cancelled" \
  "An error occurred (TransactionCanceledException) when calling the ExecuteTransaction operation: Transaction cancelled, please refer cancellation reasons for specific reasons [None, ConditionalCheckFailed]" \
  "$(err | sed '/^$/d')"
ddb batch-execute-statement --statements "[{\"Statement\":\"SELECT name FROM \\\"$table\\\" WHERE PK = 'PLAYER#pq' AND SK = 'PROFILE'\"},{\"Statement\":\"SELECT * FROM \\\"$table\\\" WHERE PK = 'PLAYER#pq'\"}]" \
  --query 'Responses[*].[Item.name.S, Error.Code]' --output text
check "batch-execute-statement answers each statement" $'Q\tNone\nNone\tValidationError' "$(out)"

# Export to S3 and import from S3, with --s3-dir standing in for S3: the table (point-in-time
# recovery is on, from above) exported in AWS's layout, then imported under another name with the
# same number of items.
ddb scan --table-name "$table" --select COUNT --query Count --output text
items="$(out)"
ddb describe-table --table-name "$table" --query Table.TableArn --output text
table_arn="$(out)"
ddb export-table-to-point-in-time --table-arn "$table_arn" --s3-bucket bucket --s3-prefix cli \
  --query ExportDescription.ExportArn --output text
export_arn="$(out)"
check "export-table-to-point-in-time names an export of the table" "$table_arn/export/" \
  "${export_arn%/export/*}/export/"
# until_done ARGS...: runs `ddb ARGS` (which prints a status) until it prints something other than
# IN_PROGRESS, for up to 10 s.
until_done() {
  for _ in $(seq 100); do
    ddb "$@"
    [[ "$(out)" != IN_PROGRESS ]] && return
    sleep 0.1
  done
}
until_done describe-export --export-arn "$export_arn" --query ExportDescription.ExportStatus --output text
ddb describe-export --export-arn "$export_arn" --output text \
  --query 'ExportDescription.[ExportStatus,ItemCount,ExportManifest]'
check "describe-export reports the completed export" \
  $'COMPLETED\t'"$items"$'\tcli/AWSDynamoDB/'"${export_arn##*/}"'/manifest-summary.json' "$(out)"
check "the export's summary manifest is in the bucket" "yes" \
  "$([[ -f "$work/s3/bucket/cli/AWSDynamoDB/${export_arn##*/}/manifest-summary.json" ]] && echo yes)"
ddb import-table --s3-bucket-source "S3Bucket=bucket,S3KeyPrefix=cli/AWSDynamoDB/${export_arn##*/}/data/" \
  --input-format DYNAMODB_JSON --input-compression-type GZIP \
  --table-creation-parameters "TableName=$table-copy,AttributeDefinitions=[{AttributeName=PK,AttributeType=S},{AttributeName=SK,AttributeType=S}],KeySchema=[{AttributeName=PK,KeyType=HASH},{AttributeName=SK,KeyType=RANGE}],BillingMode=PAY_PER_REQUEST" \
  --query ImportTableDescription.ImportArn --output text
import_arn="$(out)"
until_done describe-import --import-arn "$import_arn" --query ImportTableDescription.ImportStatus --output text
ddb describe-import --import-arn "$import_arn" --output text \
  --query 'ImportTableDescription.[ImportStatus,ImportedItemCount,ErrorCount]'
check "describe-import reports every item imported" $'COMPLETED\t'"$items"$'\t0' "$(out)"
ddb scan --table-name "$table-copy" --select COUNT --query Count --output text
check "the imported table holds as many items as the source" "$items" "$(out)"
ddb list-imports --query "length(ImportSummaryList[?ImportArn == '$import_arn'])" --output text
check "list-imports lists the import" "1" "$(out)"
ddb describe-export --export-arn "$table_arn/export/01700000000000-00000000"
check "describe-export of an unknown export is ExportNotFoundException" \
  "An error occurred (ExportNotFoundException) when calling the DescribeExport operation: Export not found: $table_arn/export/01700000000000-00000000" \
  "$(err | grep -F 'An error occurred')"
ddb delete-table --table-name "$table-copy" --query TableDescription.TableStatus --output text
check "delete-table of the imported table" "DELETING" "$(out)"

# DeleteTable, then the table is gone. Its description has no key schema.
ddb delete-table --table-name "$table" --query '[TableDescription.TableStatus,length(TableDescription.KeySchema || `[]`)]' --output text
check "delete-table reports DELETING and no key schema" $'DELETING\t0' "$(out)"

ddb wait table-not-exists --table-name "$table"
check "wait table-not-exists succeeds" "0" "$rc"

ddb describe-table --table-name "$table"
check "describe-table of the deleted table is ResourceNotFoundException" \
  "An error occurred (ResourceNotFoundException) when calling the DescribeTable operation: Requested resource not found: Table: $table not found" \
  "$(err | grep -F 'An error occurred')"

ddb list-tables --query "length(TableNames[?@ == '$table'])" --output text
check "list-tables no longer lists the table" "0" "$(out)"

# A GSI with a multi-attribute key (two HASH, two RANGE attributes): described in order, queried
# with equality on both partition attributes and a range on the first sort attribute, numbers
# sorting as numbers; a gap in the sort attributes is refused with DynamoDB's message.
ddb create-table --table-name board --billing-mode PAY_PER_REQUEST \
  --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=tournament,AttributeType=S \
    AttributeName=region,AttributeType=S AttributeName=score,AttributeType=N \
    AttributeName=at,AttributeType=S \
  --key-schema AttributeName=pk,KeyType=HASH \
  --global-secondary-indexes '[{"IndexName":"board","Projection":{"ProjectionType":"ALL"},
    "KeySchema":[{"AttributeName":"tournament","KeyType":"HASH"},
                 {"AttributeName":"region","KeyType":"HASH"},
                 {"AttributeName":"score","KeyType":"RANGE"},
                 {"AttributeName":"at","KeyType":"RANGE"}]}]' \
  --query 'TableDescription.GlobalSecondaryIndexes[0].KeySchema[].[AttributeName,KeyType]' \
  --output text
check "create-table with a multi-attribute GSI key echoes it in order" \
  $'tournament\tHASH\nregion\tHASH\nscore\tRANGE\nat\tRANGE' "$(out)"
for run in p1:975:b p2:1502:a p3:1502:c p4:2140:a; do
  IFS=: read -r pk score at <<<"$run"
  ddb put-item --table-name board --item '{"pk":{"S":"'"$pk"'"},"tournament":{"S":"W"},
    "region":{"S":"EU"},"score":{"N":"'"$score"'"},"at":{"S":"'"$at"'"}}'
done
ddb query --table-name board --index-name board \
  --key-condition-expression 'tournament = :t AND #r = :r AND score >= :s' \
  --expression-attribute-names '{"#r":"region"}' \
  --expression-attribute-values '{":t":{"S":"W"},":r":{"S":"EU"},":s":{"N":"1000"}}' \
  --no-scan-index-forward --query 'Items[].pk.S' --output text
check "query on a multi-attribute GSI orders by score, then at" $'p4\tp3\tp2' "$(out)"
ddb query --table-name board --index-name board \
  --key-condition-expression 'tournament = :t AND #r = :r AND #at = :a' \
  --expression-attribute-names '{"#r":"region","#at":"at"}' \
  --expression-attribute-values '{":t":{"S":"W"},":r":{"S":"EU"},":a":{"S":"a"}}'
check "a condition on the second sort attribute alone is refused" \
  "An error occurred (ValidationException) when calling the Query operation: RANGE key attributes score must have equality conditions specified in the query because a condition is present on key attribute at" \
  "$(err | tr -d '\n')"

# DescribeEndpoints answers the address the CLI used, cached for a day; DescribeLimits DynamoDB's
# default quotas.
ddb describe-endpoints --query 'Endpoints[0].[Address,CachePeriodInMinutes]' --output text
check "describe-endpoints answers this server" $'127.0.0.1:'"${endpoint##*:}"$'\t1440' "$(out)"
ddb describe-limits --output text
check "describe-limits answers the default quotas" $'80000\t80000\t40000\t40000' "$(out)"

# The server stops cleanly on SIGTERM.
kill -TERM "$server_pid"
stopped=""
for _ in $(seq 100); do
  if ! kill -0 "$server_pid" 2>/dev/null; then stopped=yes; break; fi
  sleep 0.1
done
if [[ -n "$stopped" ]]; then
  wait "$server_pid"
  check "ddblocal exits 0 on SIGTERM" "0" "$?"
else
  fail "ddblocal exits within 10 s of SIGTERM"
fi
server_pid=""

if [[ "$failed" -ne 0 ]]; then
  echo "failures:"
  for f in "${failures[@]}"; do echo "  $f"; done
  echo "--- ddblocal stderr"; cat "$work/stderr"
fi
echo "$passed passed, $failed failed"
[[ "$failed" -eq 0 ]]
