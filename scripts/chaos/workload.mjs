// The paced, mixed workload of the fault suite: users sign up and start a
// trial, then create projects, type notes, upload corpus drawings, ask the
// analyst, edit materials, generate estimates and delete projects. Every
// request is logged with its answer; every write remembers what it sent, so
// the checks can tell acknowledged writes (2xx) from ones that may or may not
// have happened (an error answer).
import { readFileSync } from 'node:fs';
import { corpusPath } from '@kerf/platform/testing';

/** Small corpus drawings (analysis stays quick on two cores), and one large one now and then. */
const DRAWINGS = [
  'ezdxf_multi_insert_with_attribs.dxf',
  'librecad_dim_sample.dxf',
  'librecad_Complete-Lib-E.dxf',
  'ezdxf_insert_bricscad_level_1.dxf',
  'growroom_dimensions_open_source_growroom.pdf',
  'ezdxf_hatches_1.dxf',
  'skymakerolof-dxf_Ceco.NET-Architecture-Tm-53.dxf',
];
/**
 * A drawing over the store's 5 MB multipart part size, so a fault can cut an
 * upload between its parts: a small corpus DXF with 8 MB of DXF comment lines
 * (group 999) between its last section and its end-of-file marker, which the
 * analysis passes over quickly.
 */
const LARGE_DRAWING = 'large-8mb-ezdxf_hatches_1.dxf';
function largeDrawing() {
  const dxf = readFileSync(corpusPath('ezdxf_hatches_1.dxf'), 'latin1');
  const end = dxf.lastIndexOf('EOF');
  const cut = dxf.lastIndexOf('\n', dxf.lastIndexOf('\n', end) - 1) + 1; // the start of the `0` line before EOF
  const comment = `999\n${'padding to exercise multipart uploads '.repeat(3)}\n`;
  const padding = comment.repeat(Math.ceil((8 * 1024 * 1024) / comment.length));
  return Buffer.from(dxf.slice(0, cut) + padding + dxf.slice(cut), 'latin1');
}
// Longer than any gateway deadline: a request the gateway never answers is a defect, not a slow machine.
const REQUEST_TIMEOUT_MS = 120_000;

/** A seeded random source (mulberry32): the same seed, the same choices and schedule. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The route a path belongs to, for the table: ids replaced by :id. */
function routeOf(method, path) {
  const bare = path.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ':id');
  return `${method} ${bare}`;
}

export class Workload {
  /** Every request: { route, start, end, status (0: no answer), message }. */
  requests = [];
  /** What was written, per user. */
  users = [];
  /** Uploads tried and acknowledged, all and of the large (multipart) drawing. */
  uploads = { tried: 0, acked: 0, largeTried: 0, largeAcked: 0 };
  stopped = false;
  seq = 0;
  drawings = new Map([
    ...DRAWINGS.map((name) => [name, readFileSync(corpusPath(name))]),
    [LARGE_DRAWING, largeDrawing()],
  ]);

  constructor(gatewayUrl, seed, { largeUploads = true } = {}) {
    this.gatewayUrl = gatewayUrl;
    this.seed = seed;
    this.largeUploads = largeUploads;
  }

  unique(prefix) {
    return `${prefix}-${this.seed}-${++this.seq}`;
  }

  /** One request through the gateway, logged; answers { status, json }. */
  async call(user, method, path, body) {
    const entry = { route: routeOf(method, path), start: Date.now(), end: 0, status: 0, message: '' };
    this.requests.push(entry);
    const isForm = body instanceof FormData;
    try {
      const response = await fetch(`${this.gatewayUrl}${path}`, {
        method,
        headers: {
          ...(user?.cookie ? { cookie: user.cookie } : {}),
          'x-requested-with': 'XMLHttpRequest',
          ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      entry.status = response.status;
      entry.end = Date.now();
      let json = {};
      try {
        json = text ? JSON.parse(text) : {};
      } catch {
        json = { raw: text.slice(0, 200) };
      }
      if (response.status >= 400) entry.message = typeof json.message === 'string' ? json.message : '';
      return { status: response.status, json, headers: response.headers };
    } catch (error) {
      entry.end = Date.now();
      entry.message = `no answer: ${error?.cause?.code ?? error?.name ?? error}`;
      return { status: 0, json: {} };
    }
  }

  /** One simulated person: signs up, starts a trial, then works on projects until stopped. */
  async actor(index, pace) {
    const rng = random(this.seed * 1000 + index);
    while (!this.stopped) {
      const user = await this.signUp(rng, pace);
      if (!user) continue;
      await this.startTrial(user, rng, pace);
      const steps = rng.between(15, 40);
      for (let i = 0; i < steps && !this.stopped; i++) {
        await this.step(user, rng);
        await sleep(rng.between(pace / 2, pace * 1.5));
      }
    }
  }

  async signUp(rng, pace) {
    const email = `${this.unique('chaos')}@example.com`;
    const password = 'Chaos suite 9 password';
    const answer = await this.call(undefined, 'POST', '/api/register', {
      username: email,
      password,
      firstName: 'Chaos',
      lastName: 'Tester',
    });
    if (answer.status !== 201) {
      await sleep(rng.between(pace, pace * 2));
      return undefined;
    }
    const cookie = answer.headers.get('set-cookie').split(';')[0];
    const user = { id: answer.json.id, email, cookie, trial: 'none', projects: [] };
    this.users.push(user);
    return user;
  }

  /** The trial through the local payment provider's test card; `trial` is 'acked' once confirm answered 2xx. */
  async startTrial(user, rng, pace) {
    for (let attempt = 0; attempt < 20 && !this.stopped && user.trial !== 'acked'; attempt++) {
      const created = await this.call(user, 'POST', '/api/subscription/create', { plan: 'monthly' });
      if (created.status === 200) {
        const { clientSecret, subscriptionId } = created.json;
        const card = { clientSecret, number: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };
        const setup = await this.call(user, 'POST', '/api/billing/local/setup-intents/confirm', card);
        if (setup.status < 300) {
          user.trial = 'tried';
          const confirmed = await this.call(user, 'POST', '/api/subscription/confirm', {
            subscriptionId,
            plan: 'monthly',
          });
          if (confirmed.status === 200) user.trial = 'acked';
        }
      }
      if (user.trial !== 'acked') await sleep(rng.between(pace, pace * 2));
    }
  }

  async step(user, rng) {
    const live = user.projects.filter((p) => p.deleted === 'no');
    if (live.length === 0 || (live.length < 3 && rng.next() < 0.25)) return this.createProject(user);
    const project = rng.pick(live);
    const roll = rng.next();
    if (roll < 0.25) return this.saveNote(user, project);
    if (roll < 0.45) return this.upload(user, project, rng);
    if (roll < 0.6) return this.ask(user, project);
    if (roll < 0.78) return this.editMaterial(user, project, rng);
    if (roll < 0.92) return this.generateEstimate(user, project);
    return this.deleteProject(user, project);
  }

  async createProject(user) {
    const name = this.unique('project');
    const project = {
      name,
      id: undefined,
      acked: false,
      deleted: 'no',
      notes: { attempts: [], lastAcked: -1 },
      materials: [],
      documents: [],
      messages: [],
      estimates: { attempts: 0, acked: [] },
    };
    const { status, json } = await this.call(user, 'POST', '/api/projects', { name });
    if (status === 201) {
      project.id = json.id;
      project.acked = true;
      user.projects.push(project);
    } else {
      (user.unackedProjects ??= []).push(name);
    }
  }

  async saveNote(user, project) {
    const content = `Site visit ${this.unique('note')}: check the stair openings and the door schedule.`;
    project.notes.attempts.push(content);
    const { status } = await this.call(user, 'POST', `/api/projects/${project.id}/notes`, { content });
    if (status === 200) project.notes.lastAcked = project.notes.attempts.length - 1;
  }

  async upload(user, project, rng) {
    // One upload in eight is the large one: enough to meet S3 faults mid-way, few enough to stay paced.
    const drawing = rng.next() < 0.125 && this.largeUploads ? LARGE_DRAWING : rng.pick(DRAWINGS);
    const filename = `${this.unique('upload')}-${drawing}`;
    const form = new FormData();
    form.append('projectId', project.id);
    form.append('file', new Blob([new Uint8Array(this.drawings.get(drawing))]), filename);
    const record = { filename, size: this.drawings.get(drawing).length, id: undefined, acked: false };
    project.documents.push(record);
    const large = drawing === LARGE_DRAWING;
    this.uploads.tried++;
    if (large) this.uploads.largeTried++;
    const { status, json } = await this.call(user, 'POST', '/api/documents', form);
    if (status === 201) {
      this.uploads.acked++;
      if (large) this.uploads.largeAcked++;
      record.acked = true;
      record.id = Array.isArray(json) ? json[0]?.id : json.id;
    }
  }

  async ask(user, project) {
    const content = `How many doors are there? (${this.unique('question')})`;
    const record = { content, acked: false };
    project.messages.push(record);
    const { status } = await this.call(user, 'POST', '/api/messages', { projectId: project.id, content });
    if (status === 200) record.acked = true;
  }

  async editMaterial(user, project, rng) {
    const existing = project.materials.filter((m) => m.acked);
    if (existing.length && rng.next() < 0.5) {
      const material = rng.pick(existing);
      const quantity = String(rng.between(1, 5000));
      material.quantities.push(quantity);
      const { status } = await this.call(user, 'PATCH', `/api/materials/${material.id}`, { quantity });
      if (status === 200) material.lastAcked = material.quantities.length - 1;
      return;
    }
    const name = this.unique('stud');
    const quantity = String(rng.between(1, 5000));
    const material = { name, id: undefined, acked: false, quantities: [quantity], lastAcked: -1 };
    project.materials.push(material);
    const { status, json } = await this.call(user, 'POST', '/api/materials', {
      projectId: project.id,
      name,
      quantity,
      unit: 'ea',
      category: 'Framing',
    });
    if (status === 201 || status === 200) {
      material.id = json.id;
      material.acked = true;
      material.lastAcked = 0;
    }
  }

  async generateEstimate(user, project) {
    project.estimates.attempts++;
    const { status, json } = await this.call(user, 'POST', '/api/estimates/generate', { projectId: project.id });
    if (status >= 200 && status < 300) project.estimates.acked.push(json.id ?? json.estimate?.id);
  }

  async deleteProject(user, project) {
    project.deleted = 'tried';
    const { status } = await this.call(user, 'DELETE', `/api/projects/${project.id}`);
    if (status >= 200 && status < 300) project.deleted = 'acked';
  }
}
