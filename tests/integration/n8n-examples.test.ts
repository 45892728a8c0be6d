import { createHmac, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";

import { describe, expect, it } from "vitest";

// The workflows in examples/n8n/ are meant for n8n's "Import from File": this
// checks the shape n8n needs to load them and the wiring each example's README promises, so that an
// edit that breaks a connection or drops the streaming option fails here rather than in someone's
// n8n. The business-events workflow's signature check is JavaScript inside a Code node: it is run
// here against events signed with node:crypto, an implementation independent of the one it carries.

const EXAMPLES_DIR = path.resolve("examples/n8n");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const CHAT_TRIGGER = "@n8n/n8n-nodes-langchain.chatTrigger";
const AGENT = "@n8n/n8n-nodes-langchain.agent";
const OPENAI_MODEL = "@n8n/n8n-nodes-langchain.lmChatOpenAi";
const SIMPLE_MEMORY = "@n8n/n8n-nodes-langchain.memoryBufferWindow";
const WEBHOOK = "n8n-nodes-base.webhook";
const RESPOND_TO_WEBHOOK = "n8n-nodes-base.respondToWebhook";
const CODE = "n8n-nodes-base.code";
const IF = "n8n-nodes-base.if";
const SWITCH = "n8n-nodes-base.switch";
const SET = "n8n-nodes-base.set";
const CODE_TOOL = "@n8n/n8n-nodes-langchain.toolCode";

// The business event types, in the order of the Switch's outputs.
const EVENT_TYPES = [
  "order.created",
  "order.status_changed",
  "contact.created",
  "chat.conversation_started",
  "chat.lead_captured",
  "payment.succeeded",
  "payment.failed",
  "subscription.cancelled",
  "booking.created",
  "booking.rescheduled",
  "booking.cancelled",
  "chat.handoff_requested",
  "chat.staff_replied",
  "webhook.test",
];
const SECRET_PLACEHOLDER = "whsec_PASTE_YOUR_SIGNING_SECRET_HERE";

interface WorkflowNode {
  id: string;
  name: string;
  type: string;
  typeVersion: number;
  position: [number, number];
  parameters: Record<string, unknown> & { options?: Record<string, unknown> };
  webhookId?: string;
  credentials?: unknown;
}

interface Connection {
  node: string;
  type: string;
  index: number;
}

interface Workflow {
  name: string;
  nodes: WorkflowNode[];
  // Source node name → connection type → one list per output of that node (null when unused).
  connections: Record<string, Record<string, (Connection[] | null)[]>>;
  settings: Record<string, unknown>;
  pinData: Record<string, unknown>;
}

function loadWorkflow(file: string): Workflow {
  return JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), "utf8")) as Workflow;
}

function edges(workflow: Workflow): (Connection & { from: string; outputType: string })[] {
  return Object.entries(workflow.connections).flatMap(([from, byType]) =>
    Object.entries(byType).flatMap(([outputType, outputs]) =>
      outputs.flatMap((targets) => (targets ?? []).map((target) => ({ ...target, from, outputType }))),
    ),
  );
}

function nodeNamed(workflow: Workflow, name: string): WorkflowNode {
  const node = workflow.nodes.find((candidate) => candidate.name === name);
  expect(node, `a node named ${name}`).toBeDefined();
  return node as WorkflowNode;
}

/** Names of the nodes that output `output` (0 = the first) of `source` leads to directly. */
function targetsOf(workflow: Workflow, source: string, output: number): string[] {
  return (workflow.connections[source]?.main[output] ?? []).map((target) => target.node);
}

function onlyNodeOfType(workflow: Workflow, type: string): WorkflowNode {
  const nodes = workflow.nodes.filter((node) => node.type === type);
  expect(nodes, `one ${type} node`).toHaveLength(1);
  return nodes[0];
}

/** Names of the nodes that `start`'s main outputs lead to, directly or through other nodes. */
function reachableByMain(workflow: Workflow, start: string): Set<string> {
  const reached = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const edge of edges(workflow).filter((e) => e.from === current && e.outputType === "main")) {
      if (!reached.has(edge.node)) {
        reached.add(edge.node);
        queue.push(edge.node);
      }
    }
  }
  return reached;
}

/** Whether a sub-node (model, memory) is attached to `target` the way n8n's editor connects it. */
function attached(workflow: Workflow, subNodeType: string, connectionType: string, target: string): boolean {
  const subNodes = new Set(workflow.nodes.filter((node) => node.type === subNodeType).map((node) => node.name));
  return edges(workflow).some(
    (edge) =>
      subNodes.has(edge.from) &&
      edge.outputType === connectionType &&
      edge.type === connectionType &&
      edge.node === target,
  );
}

const files = readdirSync(EXAMPLES_DIR)
  .filter((file) => file.endsWith(".json"))
  .sort();

describe("examples/n8n", () => {
  it("holds the chat examples and the business-events one", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "business-events.json",
        "chat-agent-handoff.json",
        "chat-trigger-streaming.json",
        "chat-webhook-website.json",
      ]),
    );
  });

  describe.each(files)("%s", (file) => {
    const workflow = loadWorkflow(file);

    it("has the top-level fields n8n's import reads", () => {
      expect(typeof workflow.name).toBe("string");
      expect(workflow.name.trim()).not.toBe("");
      expect(Array.isArray(workflow.nodes)).toBe(true);
      expect(workflow.nodes.length).toBeGreaterThan(0);
      expect(workflow.connections).toBeTypeOf("object");
      expect(workflow.settings).toBeTypeOf("object");
      expect(workflow.pinData).toEqual({});
    });

    it("gives every node its parameters, a uuid, a name, a type, a version and a position", () => {
      for (const node of workflow.nodes) {
        expect(node.parameters, node.name).toBeTypeOf("object");
        expect(node.id, node.name).toMatch(UUID);
        expect(typeof node.name).toBe("string");
        expect(node.name.trim()).not.toBe("");
        expect(node.type, node.name).toMatch(/^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\.\w+$/);
        expect(node.typeVersion, node.name).toBeTypeOf("number");
        expect(node.position, node.name).toEqual([expect.any(Number), expect.any(Number)]);
        if (node.webhookId !== undefined) expect(node.webhookId, node.name).toMatch(UUID);
      }
    });

    it("names and numbers each node once", () => {
      const names = workflow.nodes.map((node) => node.name);
      const ids = workflow.nodes.map((node) => node.id);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("connects only nodes that exist", () => {
      const names = new Set(workflow.nodes.map((node) => node.name));
      for (const source of Object.keys(workflow.connections)) expect(names, `source ${source}`).toContain(source);
      for (const edge of edges(workflow)) {
        expect(names, `${edge.from} → ${edge.node}`).toContain(edge.node);
        expect(edge.type, `${edge.from} → ${edge.node}`).toBe(edge.outputType);
        expect(Number.isInteger(edge.index) && edge.index >= 0, `${edge.from} → ${edge.node}`).toBe(true);
      }
    });

    // Credentials belong to the instance that imports: an id from ours would point at nothing there.
    it("carries no credentials", () => {
      for (const node of workflow.nodes) expect(node.credentials, node.name).toBeUndefined();
    });
  });

  describe("chat-trigger-streaming.json", () => {
    const workflow = loadWorkflow("chat-trigger-streaming.json");

    it("has a public, embedded Chat Trigger that streams", () => {
      const trigger = onlyNodeOfType(workflow, CHAT_TRIGGER);
      expect(trigger.parameters.public).toBe(true);
      expect(trigger.parameters.mode).toBe("webhook");
      expect(trigger.parameters.options?.responseMode).toBe("streaming");
      // The chat URL is <n8n>/webhook/<webhookId>/chat.
      expect(trigger.webhookId).toMatch(UUID);
    });

    it("feeds a streaming AI Agent with an OpenAI model and a memory keyed by the session", () => {
      const trigger = onlyNodeOfType(workflow, CHAT_TRIGGER);
      const agent = onlyNodeOfType(workflow, AGENT);
      expect(reachableByMain(workflow, trigger.name)).toContain(agent.name);
      expect(agent.parameters.options?.enableStreaming).toBe(true);
      expect(attached(workflow, OPENAI_MODEL, "ai_languageModel", agent.name), "model → agent").toBe(true);
      expect(attached(workflow, SIMPLE_MEMORY, "ai_memory", agent.name), "memory → agent").toBe(true);
      const memory = onlyNodeOfType(workflow, SIMPLE_MEMORY);
      expect(String(memory.parameters.sessionKey)).toContain("sessionId");
    });
  });

  describe("chat-webhook-website.json", () => {
    const workflow = loadWorkflow("chat-webhook-website.json");

    it("has a POST Webhook that answers through a Respond to Webhook node", () => {
      const webhook = onlyNodeOfType(workflow, WEBHOOK);
      expect(webhook.parameters.httpMethod).toBe("POST");
      expect(webhook.parameters.path).toBe("agency-chat");
      expect(webhook.parameters.responseMode).toBe("responseNode");
      const respond = onlyNodeOfType(workflow, RESPOND_TO_WEBHOOK);
      expect(reachableByMain(workflow, webhook.name)).toContain(respond.name);
    });

    // The site reads the reply from `response`, `message` or `output`: this one answers `output`.
    it("answers JSON with an output field", () => {
      const respond = onlyNodeOfType(workflow, RESPOND_TO_WEBHOOK);
      expect(respond.parameters.respondWith).toBe("json");
      expect(String(respond.parameters.responseBody)).toMatch(/"output":/);
    });
  });

  describe("chat-agent-handoff.json", () => {
    const workflow = loadWorkflow("chat-agent-handoff.json");
    const agent = onlyNodeOfType(workflow, AGENT);
    const tool = onlyNodeOfType(workflow, CODE_TOOL);
    const flag = onlyNodeOfType(workflow, SET);
    const respond = onlyNodeOfType(workflow, RESPOND_TO_WEBHOOK);

    /** Runs an n8n expression ("={{ … }}") on `$json`, as n8n would for one item. */
    function evaluate(expression: unknown, $json: unknown): unknown {
      const body = /^=\{\{([\s\S]*)\}\}$/.exec(String(expression))?.[1];
      expect(body, String(expression)).toBeDefined();
      return vm.runInNewContext(`(${body})`, { $json });
    }

    function answer(agentOutput: unknown): unknown {
      const fields = (flag.parameters.assignments as { assignments: { name: string; value: string }[] }).assignments;
      const item = Object.fromEntries(fields.map((field) => [field.name, evaluate(field.value, agentOutput)]));
      return evaluate(respond.parameters.responseBody, item);
    }

    it("gives a Website-payload AI Agent a handoff tool, with its model and a memory keyed by the session", () => {
      const webhook = onlyNodeOfType(workflow, WEBHOOK);
      expect(webhook.parameters.httpMethod).toBe("POST");
      expect(webhook.parameters.responseMode).toBe("responseNode");
      expect(targetsOf(workflow, webhook.name, 0)).toEqual([agent.name]);
      expect(attached(workflow, OPENAI_MODEL, "ai_languageModel", agent.name), "model → agent").toBe(true);
      expect(attached(workflow, SIMPLE_MEMORY, "ai_memory", agent.name), "memory → agent").toBe(true);
      expect(String(onlyNodeOfType(workflow, SIMPLE_MEMORY).parameters.sessionKey)).toContain("body.session_id");
      expect(attached(workflow, CODE_TOOL, "ai_tool", agent.name), "tool → agent").toBe(true);
      expect(tool.parameters.name).toBe("handoff_to_human");
      expect(String(agent.parameters.options?.systemMessage)).toContain("handoff_to_human");
      // The flag reads the tool's call from the agent's steps.
      expect(agent.parameters.options?.returnIntermediateSteps).toBe(true);
      expect(targetsOf(workflow, agent.name, 0)).toEqual([flag.name]);
      expect(targetsOf(workflow, flag.name, 0)).toEqual([respond.name]);
      expect(respond.parameters.respondWith).toBe("json");
    });

    // docs/integrations.md, "Handing over to a person": `"handoff": true` beside `output`.
    it('answers "handoff": true beside the output when the agent called the tool, false otherwise', () => {
      const step = (name: string) => ({ action: { tool: name, toolInput: "asked for a person" }, observation: "ok" });
      expect(
        answer({ output: "A colleague will answer here.", intermediateSteps: [step("handoff_to_human")] }),
      ).toEqual({
        output: "A colleague will answer here.",
        handoff: true,
      });
      expect(answer({ output: "We build n8n workflows.", intermediateSteps: [step("calculator")] })).toEqual({
        output: "We build n8n workflows.",
        handoff: false,
      });
      expect(answer({ output: "Hello!" })).toEqual({ output: "Hello!", handoff: false });
    });
  });

  describe("business-events.json", () => {
    const workflow = loadWorkflow("business-events.json");
    const webhook = onlyNodeOfType(workflow, WEBHOOK);
    const verify = onlyNodeOfType(workflow, CODE);
    const eventType = onlyNodeOfType(workflow, SWITCH);

    it("has a POST Webhook with Raw Body on, answered by Respond to Webhook nodes", () => {
      expect(webhook.parameters.httpMethod).toBe("POST");
      expect(webhook.parameters.path).toBe("agency-events");
      expect(webhook.parameters.responseMode).toBe("responseNode");
      // The signature covers the bytes sent: the Code node needs them, not n8n's parsed JSON.
      expect(webhook.parameters.options?.rawBody).toBe(true);
      expect(targetsOf(workflow, webhook.name, 0)).toEqual([verify.name]);
    });

    it("answers 401 when the signature fails, 200 once for each webhook-id, then routes by type", () => {
      const [valid] = targetsOf(workflow, verify.name, 0);
      expect(nodeNamed(workflow, valid).type).toBe(IF);
      expect(JSON.stringify(nodeNamed(workflow, valid).parameters.conditions)).toContain("$json.verified");

      const [reject] = targetsOf(workflow, valid, 1);
      expect(nodeNamed(workflow, reject).type).toBe(RESPOND_TO_WEBHOOK);
      expect(nodeNamed(workflow, reject).parameters.options?.responseCode).toBe(401);
      expect(targetsOf(workflow, reject, 0)).toEqual([]);

      const [handled] = targetsOf(workflow, valid, 0);
      expect(JSON.stringify(nodeNamed(workflow, handled).parameters.conditions)).toContain("$json.duplicate");
      const [duplicate] = targetsOf(workflow, handled, 0);
      expect(nodeNamed(workflow, duplicate).type).toBe(RESPOND_TO_WEBHOOK);
      expect(nodeNamed(workflow, duplicate).parameters.options?.responseCode).toBeUndefined();
      expect(targetsOf(workflow, duplicate, 0)).toEqual([]);

      // The site gets its 200 before the branch runs (README: a failed run would be answered 200
      // with no body by n8n anyway, so answering after the branch would not bring a retry).
      const [accept] = targetsOf(workflow, handled, 1);
      expect(nodeNamed(workflow, accept).type).toBe(RESPOND_TO_WEBHOOK);
      expect(nodeNamed(workflow, accept).parameters.options?.responseCode).toBeUndefined();
      expect(targetsOf(workflow, accept, 0)).toEqual([eventType.name]);
    });

    it("has one Switch output per event type, then one for other types, each leading to a node", () => {
      const rules = (
        eventType.parameters.rules as {
          values: { conditions: { conditions: { leftValue: string; rightValue: string; operator: object }[] } }[];
        }
      ).values;
      expect(
        rules.map(({ conditions }) => {
          expect(conditions.conditions).toHaveLength(1);
          const [condition] = conditions.conditions;
          expect(condition.leftValue).toBe("={{ $json.type }}");
          expect(condition.operator).toEqual({ type: "string", operation: "equals" });
          return condition.rightValue;
        }),
      ).toEqual(EVENT_TYPES);
      expect(eventType.parameters.options?.fallbackOutput).toBe("extra");
      const branches = [...EVENT_TYPES.keys(), EVENT_TYPES.length].map((output) =>
        targetsOf(workflow, eventType.name, output),
      );
      for (const [output, targets] of branches.entries()) expect(targets, `output ${output}`).toHaveLength(1);
      expect(new Set(branches.flat()).size).toBe(EVENT_TYPES.length + 1);
    });

    it("keeps the secret in the Code node's first lines and needs no require()", () => {
      const code = String(verify.parameters.jsCode);
      const firstLines = code.split("\n").slice(0, 5).join("\n");
      expect(firstLines).toContain(`const SIGNING_SECRET = '${SECRET_PLACEHOLDER}';`);
      // A default n8n forbids built-in modules in Code nodes (NODE_FUNCTION_ALLOW_BUILTIN).
      const statements = code.split("\n").filter((line) => !line.trim().startsWith("//"));
      expect(statements.join("\n")).not.toMatch(/\brequire\s*\(/);
    });
  });

  describe("business-events.json: the Verify signature code", () => {
    const workflow = loadWorkflow("business-events.json");
    const code = String(onlyNodeOfType(workflow, CODE).parameters.jsCode);
    const secret = `whsec_${randomBytes(24).toString("base64")}`;
    // n8n runs a Code node's text as the body of an async function, in a context that holds
    // $input, $getWorkflowStaticData, Buffer and helpers: the same here.
    const compile = (text: string) => new vm.Script(`(async function () {\n${text}\n})()`);
    const script = compile(code.replace(SECRET_PLACEHOLDER, secret));

    interface Delivery {
      id?: string;
      timestamp?: string;
      signature?: string;
      body: string;
    }

    interface Verdict {
      verified: boolean;
      reason?: string;
      duplicate?: boolean;
      webhook_id?: string;
      type?: string;
      timestamp?: string;
      data?: unknown;
    }

    function sign(key: string, id: string, timestamp: string, body: string): string {
      const bytes = Buffer.from(key.slice("whsec_".length), "base64");
      return `v1,${createHmac("sha256", bytes).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    }

    function signedDelivery(
      options: { type?: string; data?: unknown; ageSeconds?: number; key?: string; id?: string } = {},
    ): Required<Delivery> {
      const id = options.id ?? `msg_${randomBytes(12).toString("hex")}`;
      const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
      const body = JSON.stringify({
        type: options.type ?? "order.created",
        timestamp: new Date().toISOString(),
        data: options.data ?? { id: 42, client_name: "Zoë Ünal", total_price: 1499.5, notes: null },
      });
      return { id, timestamp, body, signature: sign(options.key ?? secret, id, timestamp, body) };
    }

    async function run(
      delivery: Delivery,
      {
        staticData = {},
        stored = false,
        source = script,
      }: { staticData?: object; stored?: boolean; source?: vm.Script } = {},
    ): Promise<Verdict> {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (delivery.id !== undefined) headers["webhook-id"] = delivery.id;
      if (delivery.timestamp !== undefined) headers["webhook-timestamp"] = delivery.timestamp;
      if (delivery.signature !== undefined) headers["webhook-signature"] = delivery.signature;
      const raw = Buffer.from(delivery.body, "utf8");
      // The Webhook node's item with Raw Body on; n8n may keep a large body outside the item (an id).
      const item = {
        json: { headers, params: {}, query: {}, body: JSON.parse(delivery.body) as unknown },
        binary: {
          data: stored
            ? {
                id: "filesystem-v2:workflows/1/executions/1/binary_data/x",
                data: "filesystem-v2",
                mimeType: "application/json",
              }
            : { data: raw.toString("base64"), mimeType: "application/json" },
        },
      };
      const context = vm.createContext({
        $input: { first: () => item, all: () => [item] },
        $getWorkflowStaticData: (type: string) => {
          expect(type).toBe("global");
          return staticData;
        },
        Buffer,
        helpers: {
          getBinaryDataBuffer: async (itemIndex: number, property: string) => {
            expect([itemIndex, property]).toEqual([0, "data"]);
            return raw;
          },
        },
      });
      const items = JSON.parse(JSON.stringify(await source.runInContext(context))) as { json: Verdict }[];
      expect(items).toHaveLength(1);
      return items[0].json;
    }

    it("accepts a signed event and hands on its type, data and webhook-id", async () => {
      const delivery = signedDelivery({ type: "contact.created", data: { id: 7, name: "Ana", chat_session_id: null } });
      expect(await run(delivery)).toEqual({
        verified: true,
        duplicate: false,
        webhook_id: delivery.id,
        type: "contact.created",
        timestamp: (JSON.parse(delivery.body) as { timestamp: string }).timestamp,
        data: { id: 7, name: "Ana", chat_session_id: null },
      });
    });

    it("reads a raw body that n8n stored outside the item", async () => {
      expect(await run(signedDelivery(), { stored: true })).toMatchObject({ verified: true });
    });

    // Each signed text is one byte longer than the last, so the padding's 0x80 byte and the length
    // fall at every place of SHA-256's last 64-byte block at least twice.
    it("verifies signed texts of every length across SHA-256's 64-byte blocks", async () => {
      for (let length = 0; length < 130; length++) {
        const verdict = await run(signedDelivery({ data: { notes: `Zoë ${"x".repeat(length)}` } }));
        expect(verdict.verified, `notes of ${length + 4} characters`).toBe(true);
      }
    });

    it("verifies with a secret longer than SHA-256's block, which HMAC hashes first", async () => {
      const longSecret = `whsec_${randomBytes(100).toString("base64")}`;
      const source = compile(code.replace(SECRET_PLACEHOLDER, longSecret));
      expect(await run(signedDelivery({ key: longSecret }), { source })).toMatchObject({ verified: true });
      expect(await run(signedDelivery(), { source })).toMatchObject({ verified: false });
    });

    it("rejects a body changed after signing, another secret and a malformed signature", async () => {
      const delivery = signedDelivery();
      const tampered = await run({ ...delivery, body: delivery.body.replace('"id":42', '"id":43') });
      expect(tampered).toEqual({ verified: false, reason: "no signature matches the signing secret" });
      const otherSecret = `whsec_${randomBytes(24).toString("base64")}`;
      expect(await run(signedDelivery({ key: otherSecret }))).toMatchObject({ verified: false });
      expect(await run({ ...delivery, signature: delivery.signature.replace("v1,", "v2,") })).toMatchObject({
        verified: false,
      });
      expect(await run({ ...delivery, signature: "v1," })).toMatchObject({ verified: false });
    });

    it("accepts any of several space-separated signatures, as during a secret rotation", async () => {
      const otherSecret = `whsec_${randomBytes(24).toString("base64")}`;
      const delivery = signedDelivery();
      const old = sign(otherSecret, delivery.id, delivery.timestamp, delivery.body);
      expect(await run({ ...delivery, signature: `${old} ${delivery.signature}` })).toMatchObject({ verified: true });
      expect(await run({ ...delivery, signature: `${old} ${old}` })).toMatchObject({ verified: false });
    });

    it("rejects a timestamp more than 5 minutes away, either way, and one that is not a number", async () => {
      expect(await run(signedDelivery({ ageSeconds: 4 * 60 }))).toMatchObject({ verified: true });
      expect(await run(signedDelivery({ ageSeconds: 6 * 60 }))).toMatchObject({
        verified: false,
        reason: expect.stringContaining("5 minutes") as string,
      });
      expect(await run(signedDelivery({ ageSeconds: -6 * 60 }))).toMatchObject({ verified: false });
      const delivery = signedDelivery();
      const notANumber = `${delivery.timestamp}.0`;
      expect(
        await run({
          ...delivery,
          timestamp: notANumber,
          signature: sign(secret, delivery.id, notANumber, delivery.body),
        }),
      ).toMatchObject({ verified: false });
    });

    it("rejects a delivery without any one of its three headers", async () => {
      for (const header of ["id", "timestamp", "signature"] as const) {
        const delivery: Delivery = signedDelivery();
        delete delivery[header];
        expect(await run(delivery), header).toEqual({
          verified: false,
          reason: "missing webhook-id, webhook-timestamp or webhook-signature header",
        });
      }
    });

    it("rejects everything while the placeholder secret is left in place", async () => {
      expect(await run(signedDelivery(), { source: compile(code) })).toEqual({
        verified: false,
        reason: "paste the signing secret into the Verify signature node",
      });
    });

    it("marks a webhook-id seen again within 24 hours as a duplicate and forgets older ones", async () => {
      const dayAgo = Math.floor(Date.now() / 1000) - 24 * 60 * 60 - 1;
      const staticData: { deliveredWebhookIds?: Record<string, number> } = {
        deliveredWebhookIds: { msg_from_yesterday: dayAgo },
      };
      const delivery = signedDelivery();
      expect(await run(delivery, { staticData })).toMatchObject({ verified: true, duplicate: false });
      // A retry of the same delivery: same id, a new timestamp and signature.
      const retry = signedDelivery({ id: delivery.id });
      expect(await run(retry, { staticData })).toMatchObject({ verified: true, duplicate: true });
      expect(await run(signedDelivery(), { staticData })).toMatchObject({ verified: true, duplicate: false });
      expect(Object.keys(staticData.deliveredWebhookIds ?? {})).toHaveLength(2);
      expect(staticData.deliveredWebhookIds).not.toHaveProperty("msg_from_yesterday");
      expect(await run(signedDelivery({ id: "msg_from_yesterday" }), { staticData })).toMatchObject({
        duplicate: false,
      });
    });

    it("does not count a rejected delivery as answered", async () => {
      const staticData = {};
      const delivery = signedDelivery();
      expect(await run({ ...delivery, signature: "v1,AAAA" }, { staticData })).toMatchObject({ verified: false });
      expect(await run(delivery, { staticData })).toMatchObject({ verified: true, duplicate: false });
    });
  });
});
