-- wrk script for the ddblocal benchmark: one named DynamoDB workload per run (bench/bench.py drives it).
--
-- Environment:
--   BENCH_WORKLOAD    get | put | update | query | mixed | batch-write-25 | transact-write-4 | scan |
--                     query-gsi | query-gsi-multi | query-gsi-wide | partiql-get | load
--   BENCH_TABLE       table name (created by bench.py: pk/sk strings, GSI "gsi1" on gpk/gsk and,
--                     for query-gsi-multi and query-gsi-wide, GSIs "gsi-multi" keyed
--                     gpk+region / gsn (N)+gsk and "gsi-wide" as gsi1 with region and gsn)
--   BENCH_ITEMS       items in the table; item i has pk "p%06d" (i mod BENCH_PARTITIONS) and sk
--                     "ts#%08d" (i div BENCH_PARTITIONS), so every key below BENCH_ITEMS exists
--   BENCH_PARTITIONS  partition key values (1000)
--   BENCH_CHECK       "dynamodb" (default): a response is a success only with status 200, no
--                     "__type" in the body, and the body the operation must return (an Item for a
--                     GetItem of an existing key, Items for Query/Scan, empty UnprocessedItems);
--                     "status": status 200 only (the nginx ceiling answers `{}` to everything)
--   BENCH_LOAD_FROM   load: the first item index to write; BENCH_LOAD_ITEMS: how many (multiple of 25)
--   BENCH_UNCHANGED   "1" (get only): one GetItem of an existing key, formatted once per thread and
--                     resent unchanged by wrk itself, with no Lua call per request: the least work
--                     the load generator can do per request, so that its own limit shows
--
-- done() prints one line "BENCH_RESULT {json}" that bench.py parses.

local workload = os.getenv("BENCH_WORKLOAD") or "get"
local table_name = os.getenv("BENCH_TABLE") or "bench"
local items = tonumber(os.getenv("BENCH_ITEMS") or "10000")
local partitions = tonumber(os.getenv("BENCH_PARTITIONS") or "1000")
local check_bodies = (os.getenv("BENCH_CHECK") or "dynamodb") == "dynamodb"
local load_from = tonumber(os.getenv("BENCH_LOAD_FROM") or "0")
local load_items = tonumber(os.getenv("BENCH_LOAD_ITEMS") or "0")
local unchanged = os.getenv("BENCH_UNCHANGED") == "1"

-- Signed-looking SigV4 headers. The signature is not a real HMAC (wrk's Lua has none); ddblocal,
-- dynalite and moto read the credential scope and do not verify signatures.
local auth = "AWS4-HMAC-SHA256 Credential=AKIDBENCHMARK/20261121/us-east-1/dynamodb/aws4_request, " ..
  "SignedHeaders=content-type;host;x-amz-date;x-amz-target, " ..
  "Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7"

local function headers_for(operation)
  return {
    ["Content-Type"] = "application/x-amz-json-1.0",
    ["X-Amz-Target"] = "DynamoDB_20120810." .. operation,
    ["X-Amz-Date"] = "20261121T100000Z",
    ["Authorization"] = auth,
  }
end

local headers = {}
for _, op in ipairs({"GetItem", "PutItem", "UpdateItem", "Query", "Scan", "BatchWriteItem",
                     "TransactWriteItems", "ListTables", "ExecuteStatement"}) do
  headers[op] = headers_for(op)
end

-- 950 bytes of payload make an item of about 1,000 bytes by DynamoDB's size rules.
local payload = string.rep("abcdefghij", 95)

local function pk_of(i) return string.format("p%06d", i % partitions) end
local function sk_of(i) return string.format("ts#%08d", math.floor(i / partitions)) end

local function key_json(i)
  return string.format('{"pk":{"S":"%s"},"sk":{"S":"%s"}}', pk_of(i), sk_of(i))
end

local function item_json(i)
  return string.format(
    '{"pk":{"S":"%s"},"sk":{"S":"%s"},"gpk":{"S":"g%03d"},"gsk":{"S":"%s"},"c":{"N":"0"},' ..
    '"region":{"S":"EU"},"gsn":{"N":"%d"},"data":{"S":"%s"}}', pk_of(i), sk_of(i), i % 97,
    sk_of(i), math.floor(i / partitions), payload)
end

local function random_index() return math.random(0, items - 1) end

local function post(operation, body)
  return wrk.format("POST", "/", headers[operation], body)
end

local function get_body()
  return string.format('{"TableName":"%s","Key":%s}', table_name, key_json(random_index()))
end

local function get_request() return post("GetItem", get_body()) end

-- get's read written in PartiQL: a SELECT by the full key, which ddblocal plans as a Query of one
-- partition with the sort key as its range.
local function partiql_get_request()
  local i = random_index()
  return post("ExecuteStatement", string.format(
    '{"Statement":"SELECT * FROM \\"%s\\" WHERE pk = ? AND sk = ?",' ..
    '"Parameters":[{"S":"%s"},{"S":"%s"}]}', table_name, pk_of(i), sk_of(i)))
end

local function put_request()
  return post("PutItem", string.format('{"TableName":"%s","Item":%s}', table_name,
                                       item_json(random_index())))
end

local function update_request()
  return post("UpdateItem", string.format(
    '{"TableName":"%s","Key":%s,"UpdateExpression":"SET c = c + :one",' ..
    '"ExpressionAttributeValues":{":one":{"N":"1"}}}', table_name, key_json(random_index())))
end

local function query_request()
  return post("Query", string.format(
    '{"TableName":"%s","KeyConditionExpression":"pk = :p AND begins_with(sk, :s)",' ..
    '"ExpressionAttributeValues":{":p":{"S":"%s"},":s":{"S":"ts#"}},' ..
    '"ScanIndexForward":false,"Limit":10}', table_name, pk_of(random_index())))
end

local function query_gsi_request()
  return post("Query", string.format(
    '{"TableName":"%s","IndexName":"gsi1","KeyConditionExpression":"gpk = :g",' ..
    '"ExpressionAttributeValues":{":g":{"S":"g%03d"}},"Limit":10}',
    table_name, random_index() % 97))
end

-- The same partitions and page as query-gsi, on a multi-attribute key: equality on both partition
-- attributes and a range on the first sort attribute.
local function query_gsi_multi_request()
  return post("Query", string.format(
    '{"TableName":"%s","IndexName":"gsi-multi",' ..
    '"KeyConditionExpression":"gpk = :g AND #r = :r AND gsn >= :zero",' ..
    '"ExpressionAttributeNames":{"#r":"region"},' ..
    '"ExpressionAttributeValues":{":g":{"S":"g%03d"},":r":{"S":"EU"},":zero":{"N":"0"}},' ..
    '"Limit":10}', table_name, random_index() % 97))
end

-- query-gsi on "gsi-wide": gsi1's key with region and gsn projected, so that its entries hold what
-- a KEYS_ONLY entry of gsi-multi holds and both answer the same bytes.
local function query_gsi_wide_request()
  return post("Query", string.format(
    '{"TableName":"%s","IndexName":"gsi-wide","KeyConditionExpression":"gpk = :g",' ..
    '"ExpressionAttributeValues":{":g":{"S":"g%03d"}},"Limit":10}',
    table_name, random_index() % 97))
end

-- 25 consecutive indexes are 25 distinct keys (BatchWriteItem rejects duplicates).
local function batch_body(first)
  local puts = {}
  for k = 0, 24 do
    puts[#puts + 1] = '{"PutRequest":{"Item":' .. item_json((first + k) % items) .. '}}'
  end
  return string.format('{"RequestItems":{"%s":[%s]}}', table_name, table.concat(puts, ","))
end

local function batch_request()
  return post("BatchWriteItem", batch_body(random_index()))
end

local function transact_request()
  local first = random_index()
  local updates = {}
  for k = 0, 3 do
    updates[#updates + 1] = string.format(
      '{"Update":{"TableName":"%s","Key":%s,"UpdateExpression":"SET c = c + :one",' ..
      '"ConditionExpression":"attribute_exists(pk)","ExpressionAttributeValues":{":one":{"N":"1"}}}}',
      table_name, key_json((first + k) % items))
  end
  return post("TransactWriteItems",
              string.format('{"TransactItems":[%s]}', table.concat(updates, ",")))
end

-- Scan: one connection walks the table page by page; each response's LastEvaluatedKey starts the
-- next page, and a page without one ends a full pass.
local scan_start = nil
full_scans = 0
local function scan_request()
  local resume = ""
  if scan_start then resume = ',"ExclusiveStartKey":' .. scan_start end
  return post("Scan", string.format('{"TableName":"%s","Limit":100%s}', table_name, resume))
end

-- Load: BatchWriteItem of 25 consecutive new items until BENCH_LOAD_ITEMS are written; the
-- connections still open after that get cheap ListTables calls until the thread stops.
-- A monotonic clock in microseconds (wrk runs LuaJIT, whose FFI reaches clock_gettime): a load ends
-- when its last batch is answered, before wrk's fixed duration, and times itself.
local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec* ts);
]]
local timespec = ffi.new("bench_timespec")
local function now_us()
  ffi.C.clock_gettime(1, timespec)  -- CLOCK_MONOTONIC
  return tonumber(timespec.tv_sec) * 1e6 + tonumber(timespec.tv_nsec) / 1e3
end
load_started_us = 0
load_us = 0

-- wrk calls request() once before the run to verify the script (wrk.c, script_verify_request) and
-- discards that request, so the first call must not consume a batch.
local next_load = load_from
local verified = false
loaded = 0
local function load_request()
  if not verified then
    verified = true
    return post("ListTables", '{"Limit":1}')
  end
  if next_load < load_from + load_items then
    if next_load == load_from then load_started_us = now_us() end
    local body = {}
    for k = 0, 24 do
      body[#body + 1] = '{"PutRequest":{"Item":' .. item_json(next_load + k) .. '}}'
    end
    next_load = next_load + 25
    return post("BatchWriteItem", string.format('{"RequestItems":{"%s":[%s]}}', table_name,
                                                table.concat(body, ",")))
  end
  return post("ListTables", '{"Limit":1}')
end

local generators = {
  ["get"] = get_request,
  ["partiql-get"] = partiql_get_request,
  ["put"] = put_request,
  ["update"] = update_request,
  ["query"] = query_request,
  ["query-gsi"] = query_gsi_request,
  ["query-gsi-multi"] = query_gsi_multi_request,
  ["query-gsi-wide"] = query_gsi_wide_request,
  ["batch-write-25"] = batch_request,
  ["transact-write-4"] = transact_request,
  ["scan"] = scan_request,
  ["load"] = load_request,
  ["mixed"] = function()
    if math.random() < 0.8 then return get_request() end
    return put_request()
  end,
}

local generate = generators[workload]
if generate == nil then error("unknown BENCH_WORKLOAD " .. workload) end
if unchanged and workload ~= "get" then error("BENCH_UNCHANGED takes the get workload only") end

-- The body a successful response of this workload must contain (nil: any body without __type):
-- a plain string, or a Lua pattern. Plain strings are found with memchr/memcmp; a pattern is tried
-- at every byte, which on a 100 KB Scan page costs the client more than the server's whole answer.
local no_unprocessed = '"UnprocessedItems"%s*:%s*{%s*}'
local expected_plain = {
  ["get"] = '"Item"', ["partiql-get"] = '"Items":[{', ["query"] = '"Items"', ["query-gsi"] = '"Items"',
  ["query-gsi-multi"] = '"Items"', ["query-gsi-wide"] = '"Items"', ["scan"] = '"Items"',
}
local expected_pattern = { ["batch-write-25"] = no_unprocessed }

local threads = {}
function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() + #threads * 7919)
  errors = 0
  first_error = ""
  if unchanged then
    -- wrk.init formats wrk's static request from these after init() returns.
    wrk.method = "POST"
    for name, value in pairs(headers["GetItem"]) do wrk.headers[name] = value end
    wrk.body = get_body()
  end
end

-- Without a global request(), wrk sends its static request (see init) on every connection.
if not unchanged then
  function request()
    return generate()
  end
end

local function is_success(status, body)
  if status ~= 200 then return false end
  if not check_bodies then return true end
  if string.find(body, '"__type"', 1, true) then return false end
  if workload == "mixed" then return true end
  local plain = expected_plain[workload]
  if plain ~= nil then return string.find(body, plain, 1, true) ~= nil end
  local pattern = expected_pattern[workload]
  return pattern == nil or string.find(body, pattern) ~= nil
end

-- The LastEvaluatedKey object of a page, or nil: found as a plain string first, then matched
-- from there only (see expected_plain).
local function last_evaluated_key(body)
  local at = string.find(body, '"LastEvaluatedKey"', 1, true)
  if at == nil then return nil end
  return string.match(body, '^"LastEvaluatedKey"%s*:%s*(%b{})', at)
end

function response(status, headers, body)
  if not is_success(status, body) then
    errors = errors + 1
    if first_error == "" then first_error = status .. " " .. string.sub(body, 1, 200) end
    return
  end
  if workload == "scan" then
    scan_start = last_evaluated_key(body)
    if scan_start == nil then full_scans = full_scans + 1 end
  elseif workload == "load" and string.find(body, no_unprocessed) then
    loaded = loaded + 25
    if loaded >= load_items then
      -- bench.py ends wrk with SIGINT when it reads this line, so the run stops here.
      load_us = now_us() - load_started_us
      io.write("BENCH_LOAD_DONE\n")
      io.flush()
      wrk.thread:stop()
    end
  end
end

local function json_string(s)
  return '"' .. string.gsub(s, '[%c"\\]', function(c)
    return string.format("\\u%04x", string.byte(c))
  end) .. '"'
end

function done(summary, latency, requests)
  local lua_errors, scans, items_loaded, sample, loading_us = 0, 0, 0, "", 0
  for _, thread in ipairs(threads) do
    lua_errors = lua_errors + thread:get("errors")
    scans = scans + thread:get("full_scans")
    items_loaded = items_loaded + thread:get("loaded")
    loading_us = math.max(loading_us, thread:get("load_us"))
    if sample == "" then sample = thread:get("first_error") end
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"duration_us":%d,"errors":%d,"socket_errors":%d,' ..
    '"p50_us":%d,"p99_us":%d,"mean_us":%.1f,"max_us":%d,"full_scans":%d,"loaded":%d,"load_us":%d,' ..
    '"first_error":%s}\n',
    summary.requests, summary.duration, lua_errors, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.mean, latency.max, scans,
    items_loaded, loading_us, json_string(sample)))
end
