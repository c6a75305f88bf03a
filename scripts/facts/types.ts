/**
 * @module
 * The shapes the facts check passes between its parts: the extract of NetBox's reference
 * (`netbox-4.6.json`, plain data read from serializers.md, endpoints.md, models.md, filters.json
 * and choices.json), and the differences the comparisons find in the definitions.
 */

/** What one row of a serializers.md field table says. Keys left out are false or unknown. */
export interface SerializerField {
  /** `REQ` required on create; `REQ*` optional to the serializer but refused by the model when left out; `opt`; `ro` read-only (`ro?`: a property). */
  req: 'REQ' | 'REQ*' | 'opt' | 'ro' | 'ro?';
  /** The serializer or model field class (`CharField`, `nested Site`, `choice`): what the notes begin with. */
  type: string;
  nullable?: true;
  /** DRF's allow_blank: `""` is accepted. */
  blank?: true;
  unique?: true;
  writeOnly?: true;
  /** A list (DRF's many=True). */
  many?: true;
  maxLength?: number;
  /** A max_length the reference names by a constant it does not resolve (`VRF_RD_MAX_LENGTH`). */
  maxLengthName?: string;
  choices?: string;
  /** The default as a JSON value, when the reference states one that resolves to a value. */
  default?: unknown;
  /** A stated default that names something other than a value (`timezone.now`, `ConfigItem(…)`). */
  defaultExpression?: string;
}

export interface SerializerFacts {
  model: string;
  /** NetBox's app, from the serializer's source file. */
  app: string;
  brief: string[] | null;
  fields: Record<string, SerializerField>;
}

export interface EndpointFacts {
  /** Empty for viewsets with no model (background tasks). */
  model: string;
  serializer: string;
  kind: string;
}

export interface RelationFacts {
  kind: 'ForeignKey' | 'OneToOneField' | 'ManyToManyField' | 'GenericForeignKey' | 'TreeForeignKey';
  target: string;
  /** Django's on_delete (`CASCADE`, `SET_NULL`, `PROTECT`, `RESTRICT`…); none for many-to-many and generic relations. */
  onDelete?: string;
  null?: true;
}

export interface UniqueFacts {
  /** Model field names, in the constraint's order. */
  fields: string[];
  /** Fields compared through `Lower()` (case-insensitively). */
  lower?: string[];
  /** A condition of the form `Q(a__isnull=True, …)`: only rows where these are null take part. */
  whereNull?: string[];
  /** Clauses `b__isnull=False` of such a condition: only rows where these are set take part. */
  whereNotNull?: string[];
  /** Any other condition, as NetBox writes it (`~Q(name='')`). */
  condition?: string;
  /** NetBox's violation_error_message, when the constraint names one. */
  message?: string;
}

/** A ValidationError a model raises (`clean()`), under `field` when it names one. */
export interface RuleFacts {
  hook: string;
  field?: string;
  message: string;
}

export interface ModelFacts {
  abstract?: true;
  /** Base classes as the model lists them, nearest first. */
  bases: string[];
  relations: Record<string, RelationFacts>;
  unique: UniqueFacts[];
  rules: RuleFacts[];
}

/** One filter of a filterset (filters.json), by name. */
export interface FilterFacts {
  kind: string;
  /** The model field path, when it is not the filter's name. */
  field?: string;
  /** The related model's attribute matched (slug, name…). */
  to?: string;
  lookups: string[];
  /** A range filter's suffixes: the parameters are `<name>_<suffix>`. */
  range?: string[];
  choices?: string;
  method?: string;
}

export type ChoicePair = [string | number, string];

/** `scripts/facts/netbox-4.6.json`: every fact the check reads, extracted by script. */
export interface Extract {
  format: number;
  /** Where the facts come from (NetBox's version and the reference's files). */
  source: string;
  endpoints: Record<string, EndpointFacts>;
  serializers: Record<string, SerializerFacts>;
  /** By `<app>.<Model>` (abstract bases under the app that declares them; NetBox's own under `netbox`). */
  models: Record<string, ModelFacts>;
  /** By list path, then filter name. */
  filters: Record<string, Record<string, FilterFacts>>;
  choices: Record<string, ChoicePair[]>;
}

/** What is compared; each is a column of the verdict table. */
export const ASPECTS = [
  'field',
  'brief',
  'required',
  'read_only',
  'nullable',
  'blank',
  'max_length',
  'choices',
  'default',
  'unique',
  'unique_message',
  'on_delete',
  'filter',
  'lookups',
  'filter_choices',
  'choice_set',
] as const;
export type Aspect = (typeof ASPECTS)[number];

/** One way a definition differs from NetBox. `scope` is a resource key, or `choice-sets`. */
export interface Difference {
  scope: string;
  aspect: Aspect;
  /** The field, filter, constraint or choice set concerned. */
  subject: string;
  netbox: string;
  ours: string;
  /** The YAML that would serve it, for a missing filter. */
  scaffold?: string;
}

/** The key a difference is listed under in the allow-list: `<scope> <aspect> <subject>`. */
export function differenceKey(d: Pick<Difference, 'scope' | 'aspect' | 'subject'>): string {
  return `${d.scope} ${d.aspect} ${d.subject}`;
}
