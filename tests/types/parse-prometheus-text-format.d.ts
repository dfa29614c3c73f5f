// The package ships no types; what the metrics test uses of it.
declare module "parse-prometheus-text-format" {
  export default function parsePrometheusTextFormat(text: string): Array<{ name: string; help: string; type: string }>;
}
