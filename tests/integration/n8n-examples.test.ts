import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The workflows in examples/n8n/ are meant for n8n's "Import from File" (issue #16): this checks
// the shape n8n needs to load them and the wiring each example's README promises, so that an edit
// that breaks a connection or drops the streaming option fails here rather than in someone's n8n.

const EXAMPLES_DIR = path.resolve("examples/n8n");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const CHAT_TRIGGER = "@n8n/n8n-nodes-langchain.chatTrigger";
const AGENT = "@n8n/n8n-nodes-langchain.agent";
const OPENAI_MODEL = "@n8n/n8n-nodes-langchain.lmChatOpenAi";
const SIMPLE_MEMORY = "@n8n/n8n-nodes-langchain.memoryBufferWindow";
const WEBHOOK = "n8n-nodes-base.webhook";
const RESPOND_TO_WEBHOOK = "n8n-nodes-base.respondToWebhook";

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
  it("holds both chat examples", () => {
    expect(files).toEqual(expect.arrayContaining(["chat-trigger-streaming.json", "chat-webhook-website.json"]));
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
});
