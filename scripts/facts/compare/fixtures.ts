/**
 * @module
 * Made-up resources, serializers and models for the comparisons' tests.
 */
import type { FieldIR, ResourceIR } from '../../../generator/ir/types.ts';
import type { ResolvedModel } from '../modelFacts.ts';
import type { SerializerFacts } from '../types.ts';
import type { Subject } from './subject.ts';

export const field = (name: string, extra: Partial<FieldIR> = {}): FieldIR => ({
  name, kind: 'string', column: name, required: false, nullable: false, readOnly: false, writeOnly: false, default: null, label: name, orderable: true, createOnly: false, ...extra,
});
export const resource = (fields: FieldIR[], extra: Partial<ResourceIR> = {}): ResourceIR =>
  ({ key: 'test.things', app: 'test', path: 'things', model: 'Thing', verboseName: 'thing', routes: 'full', fields, brief: ['id'], unique: [], filters: [], ...extra }) as ResourceIR;
export const subject = (r: ResourceIR, extra: Partial<Subject> = {}): Subject => ({ resource: r, path: '/api/test/things/', ...extra });
export const serializer = (fields: SerializerFacts['fields'], brief: string[] | null = ['id']): SerializerFacts => ({ model: 'Thing', app: 'test', brief, fields });
export const model = (extra: Partial<ResolvedModel> = {}): ResolvedModel => ({ relations: {}, unique: [], rules: [], unknownBases: [], ...extra });
export const subjects = (differences: { subject: string; aspect: string }[]) => differences.map((d) => `${d.aspect} ${d.subject}`);
