// A table's recent stream records, read through the DynamoDB Streams API as an application's
// consumer would: ListStreams, DescribeStream, GetShardIterator (TRIM_HORIZON), GetRecords.

import { dynamodb, streams } from "./api.js";
import { busy, fill, h, message, pretty } from "./dom.js";
import { display } from "./attributes.js";

const SHOWN = 100;

async function records(streamArn) {
  const shards = [];
  let start;
  do {
    const { StreamDescription } = await streams("DescribeStream", { StreamArn: streamArn, ...(start && { ExclusiveStartShardId: start }) });
    shards.push(...StreamDescription.Shards);
    start = StreamDescription.LastEvaluatedShardId;
  } while (start);
  const all = [];
  for (const shard of shards) {
    let { ShardIterator: iterator } = await streams("GetShardIterator", { StreamArn: streamArn, ShardId: shard.ShardId,
                                                                         ShardIteratorType: "TRIM_HORIZON" });
    // An open shard always returns a next iterator: stop at the first empty page.
    for (let pages = 0; iterator && pages < 20; ++pages) {
      const page = await streams("GetRecords", { ShardIterator: iterator, Limit: 1000 });
      all.push(...page.Records);
      if (page.Records.length === 0) break;
      iterator = page.NextShardIterator;
    }
  }
  return all.sort((a, b) => (BigInt(b.dynamodb.SequenceNumber) > BigInt(a.dynamodb.SequenceNumber) ? 1 : -1)).slice(0, SHOWN);
}

const keyText = (keys) => Object.entries(keys ?? {}).map(([k, v]) => `${k}=${display(v)}`).join(", ");

export async function recent(root, ctx) {
  const out = h("div", { id: "stream-records" });
  const { Table: table } = await dynamodb("DescribeTable", { TableName: ctx.table });
  const heading = h("h2", null, `Stream of ${ctx.table}`);
  if (!table.StreamSpecification?.StreamEnabled) {
    const enable = h("button", { id: "enable-stream", onclick: (e) => busy(e.target, out, async () => {
      await dynamodb("UpdateTable", { TableName: ctx.table, StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } });
      await recent(root, ctx);
    }) }, "Enable a stream (NEW_AND_OLD_IMAGES)");
    return fill(root, heading, h("p", null, "This table has no stream enabled. "), enable, out);
  }
  const refresh = h("button", { id: "refresh-stream", onclick: (e) => busy(e.target, out, show) }, "Refresh");
  fill(root, heading, h("p", { class: "hint" }, `${table.StreamSpecification.StreamViewType}, ${table.LatestStreamArn}`), refresh, out);
  async function show() {
    const list = await records(table.LatestStreamArn);
    if (list.length === 0) return fill(out, h("p", null, "No records yet: write an item and refresh."));
    fill(out, h("p", { class: "hint" }, `The latest ${list.length} records, newest first.`),
      h("table", { class: "grid", id: "stream-table" },
        h("thead", null, h("tr", null, ["Sequence", "Event", "Time", "Keys", "Images"].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", null, list.map((r) => h("tr", null,
          h("td", null, r.dynamodb.SequenceNumber),
          h("td", { class: "event" }, r.eventName),
          h("td", null, new Date(r.dynamodb.ApproximateCreationDateTime * 1000).toISOString()),
          h("td", null, keyText(r.dynamodb.Keys)),
          h("td", null, h("details", null, h("summary", null, "JSON"), h("pre", null,
            pretty({ OldImage: r.dynamodb.OldImage, NewImage: r.dynamodb.NewImage })))))))));
  }
  await show().catch((error) => fill(out, message(error)));
}
