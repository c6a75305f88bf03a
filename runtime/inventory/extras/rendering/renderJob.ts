/**
 * @module
 * What crosses to the rendering thread and back (structured clone: plain data only).
 */

/** A render: the template `main` among `templates` (the ones it includes, imports or extends by name). */
export interface RenderJob {
  main: string;
  templates: Record<string, string>;
  context: Record<string, unknown>;
  /** The template's `environment_params`, as stored. */
  params: Record<string, unknown>;
  /** The template's `debug`: errors carry MiniJinja's full report (source excerpt and variables). */
  debug: boolean;
  /** Config templates render plain text: autoescape is forced off for them, as NetBox does. */
  forceNoAutoescape: boolean;
  limits: RenderLimits;
}

export interface RenderLimits {
  /** MiniJinja's fuel: evaluation steps a render may take. */
  fuel: number;
  /** Characters the output may have. */
  outputChars: number;
}

/** The output, or NetBox's `format_render_error()` text (`UndefinedError: …\nLine: 3`). */
export type RenderOutcome = { output: string } | { error: string; fatal?: boolean };

/** A syntax error of a template, as `validate_jinja2_syntax` reports it, with its line. */
export interface SyntaxProblem {
  message: string;
  line: number | null;
}

/**
 * A related-objects stand-in that templates call like a Django manager (`device.interfaces.all()`,
 * `.count()`, `.first()`): the rendering thread turns `{ [RELATED]: items }` into those methods.
 */
export const RELATED = '$related';
