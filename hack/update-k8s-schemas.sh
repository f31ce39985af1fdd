#!/usr/bin/env bash
# Regenerate the API server's own schemas of the built-in Kubernetes types, the data
# the CRD emitter uses for fields of k8s-openapi types (PodTemplateSpec, Container, ...).
#
# Usage: hack/update-k8s-schemas.sh [KUBE_VERSION]   (default v1.34.4)
#
# Writes generator/k8s-schemas/v<major>_<minor>.jsonl: one line per component schema
# of the Kubernetes OpenAPI v3 spec (k8s.io/kubernetes/api/openapi-spec/v3, from the
# Go module proxy), `{"name":"io.k8s.api.core.v1.Container","schema":{...}}`, sorted
# by name with sorted keys, so a Kubernetes bump shows as a per-type diff.
#
# Only what controller-gen would emit for the same Go type is kept, and what it adds:
# - the `+kubebuilder:validation:` markers of the Go types (MaxLength, MinLength,
#   Pattern, Minimum, Maximum, Enum; e.g. on metav1.Condition), which openapi-gen
#   leaves out of the server's spec but controller-gen reads from the Go source;
# - `default`: only the explicit `+default=` markers of the Go types (openapi-gen
#   adds zero-value defaults such as `default: {}` and `default: 0` that
#   controller-gen does not; `+default=ref(...)` is dropped, as controller-gen does);
# - the strategic-merge-patch and discovery extensions (`x-kubernetes-patch-*`,
#   `x-kubernetes-group-version-kind`, `x-kubernetes-unions`) are removed.
# To add a version: run this with that version and add its file to
# generator/src/emit/crd/k8s_versions.rs.
set -euo pipefail

KUBE_VERSION="${1:-v1.34.4}"
minor="${KUBE_VERSION#v}"
minor="${minor%.*}"
staging="v0.${minor#*.}.${KUBE_VERSION##*.}"
out_name="v${minor/./_}.jsonl"
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/generator/k8s-schemas/$out_name"

command -v go >/dev/null || { echo "update-k8s-schemas.sh: error: no Go toolchain in PATH" >&2; exit 1; }
command -v jq >/dev/null || { echo "update-k8s-schemas.sh: error: jq is needed" >&2; exit 1; }

module_dir() { (cd / && go mod download -json "$1" | jq -r .Dir); }

spec_dir="$(module_dir "k8s.io/kubernetes@$KUBE_VERSION")/api/openapi-spec/v3"
# Go packages whose types the spec describes, keyed by the spec's name prefix.
declare -A packages=(
    [io.k8s.api]="$(module_dir "k8s.io/api@$staging")"
    [io.k8s.apimachinery]="$(module_dir "k8s.io/apimachinery@$staging")"
    [io.k8s.apiextensions-apiserver]="$(module_dir "k8s.io/apiextensions-apiserver@$staging")"
    [io.k8s.kube-aggregator]="$(module_dir "k8s.io/kube-aggregator@$staging")"
)

# `<definition name>/<json field>` of every field with an explicit `+default=` marker,
# and `inline <definition> <embedded definition>` for every embedded struct of the
# same package (`LocalObjectReference `json:",inline"``).
go_markers() {
    local prefix dir
    for prefix in "${!packages[@]}"; do
        dir="${packages[$prefix]}"
        (cd "$dir" && find . -name types.go -not -path '*/testdata/*' | sort | while read -r file; do
            pkg="${file#./}"
            pkg="${pkg%/types.go}"
            awk -v pkg="$prefix.${pkg//\//.}" '
                # First pass: the doc comments of named scalar types (`type Capability string`).
                FNR == NR {
                    if ($0 ~ /^\/\/ ?\+/) next
                    if ($0 ~ /^\/\//) { line = $0; sub(/^\/\/ ?/, "", line); doc = doc == "" ? line : (line == "" ? doc "\n" : doc " " line); next }
                    if ($0 ~ /^type [A-Z][A-Za-z0-9_]* (string|int32|int64|int)$/ && doc != "") typedoc[$2] = doc
                    doc = ""; next
                }
                /^type [A-Za-z0-9_]+ struct/ { type = $2; pending = 0; nv = 0; next }
                /^[ \t]*\/\/[ \t]*\+default=ref\(/ { next }
                /^[ \t]*\/\/[ \t]*\+default=/ { pending = 1; next }
                /^[ \t]*\/\/[ \t]*\+kubebuilder:validation:(MaxLength|MinLength|Pattern|Minimum|Maximum|Enum)=/ {
                    line = $0
                    sub(/^[ \t]*\/\/[ \t]*\+kubebuilder:validation:/, "", line)
                    validation[++nv] = line
                    next
                }
                /^[ \t]*\/\// { next }
                /^[ \t]+[A-Z][A-Za-z0-9_]*[ \t]+`json:"(,inline)?"/ {
                    if (type != "") print "inline " pkg "." type " " pkg "." $1
                    pending = 0; nv = 0; next
                }
                /json:"/ {
                    match($0, /json:"[^",]*/)
                    field = pkg "." type "/" substr($0, RSTART + 6, RLENGTH - 6)
                    if (pending && type != "") print field
                    for (i = 1; i <= nv && type != ""; i++) print "validation " field " " validation[i]
                    # A list of a documented named type: controller-gen describes its items.
                    if (type != "" && match($0, /^[ \t]+[A-Z][A-Za-z0-9_]*[ \t]+\[\][A-Z][A-Za-z0-9_]*[ \t]/)) {
                        item = $2; sub(/^\[\]/, "", item)
                        if (item in typedoc) print "itemdoc " field " " typedoc[item]
                    }
                    pending = 0; nv = 0; next
                }
                { pending = 0; nv = 0 }
            ' "$file" "$file"
        done)
    done | sort -u
}

markers="$(go_markers)"
# An embedded struct's defaults are its embedder's too (controller-gen flattens it).
defaults_json="$(
    { grep -v '^inline \|^validation \|^itemdoc ' <<<"$markers" || true
      { grep '^inline ' <<<"$markers" || true; } | while read -r _ outer inner; do
          grep "^$inner/" <<<"$markers" | sed "s|^$inner/|$outer/|" || true
      done
    } | jq -R . | jq -s 'map({(.): true}) | add // {}'
)"
inline_json="$({ grep '^inline ' <<<"$markers" || true; } | jq -R 'split(" ") | {(.[1]): .[2]}' | jq -s 'add // {}')"
# `{"<definition>/<field>": {"maxLength": 316, "pattern": "...", ...}}` from the
# `validation <definition>/<field> <Marker>=<value>` lines.
validations_json="$(
    { grep '^validation ' <<<"$markers" || true; } | jq -R '
        capture("^validation (?<field>[^ ]+) (?<marker>[A-Za-z]+)=(?<value>.*)$")
        | (.value | sub("^`(?<v>.*)`$"; "\(.v)")) as $v
        | {(.field): {
            (.marker | {MaxLength: "maxLength", MinLength: "minLength", Pattern: "pattern",
                        Minimum: "minimum", Maximum: "maximum", Enum: "enum"}[.]):
            (if .marker == "Pattern" then $v
             elif .marker == "Enum" then ($v | split(";"))
             else ($v | tonumber) end)}}' | jq -s 'reduce .[] as $o ({}; . * $o)'
)"

# `{"<definition>/<field>": "<doc of the items' named type>"}`.
itemdocs_json="$(
    { grep '^itemdoc ' <<<"$markers" || true; } \
        | jq -R 'capture("^itemdoc (?<field>[^ ]+) (?<doc>.*)$") | {(.field): (.doc | gsub("\\\\n"; "\n"))}' \
        | jq -s 'add // {}'
)"

jq -s -c --argjson explicit "$defaults_json" --argjson inline "$inline_json" \
    --argjson validations "$validations_json" --argjson itemdocs "$itemdocs_json" '
    def strip_extensions:
        walk(if type == "object"
             then del(."x-kubernetes-patch-strategy", ."x-kubernetes-patch-merge-key",
                      ."x-kubernetes-group-version-kind", ."x-kubernetes-unions")
             else . end);
    # Defaults anywhere but on a property with an explicit marker are implicit.
    def drop_default: if type == "object" then del(.default) else . end;
    def drop_nested_defaults:
        walk(if type == "object" and has("items") then .items |= drop_default
             elif type == "object" and (.additionalProperties | type) == "object"
             then .additionalProperties |= drop_default
             else . end);
    map(.components.schemas // {}) | add
    # The `+structType` of an embedded struct applies to its embedder, as in controller-gen.
    | . as $all
    | with_entries(
        ($inline[.key] // null) as $inner
        | if $inner and ($all[$inner]["x-kubernetes-map-type"] // null) and (.value["x-kubernetes-map-type"] == null)
          then .value["x-kubernetes-map-type"] = $all[$inner]["x-kubernetes-map-type"]
          else . end)
    | to_entries
    | map(select(.key | startswith("io.k8s.")))
    | map(.key as $name
          | .value |= (strip_extensions | drop_nested_defaults
                       | if .required then .required |= sort else . end
                       | if .properties then
                           .properties |= with_entries(
                               (if $explicit["\($name)/\(.key)"] then . else .value |= drop_default end)
                               | .value += ($validations["\($name)/\(.key)"] // {})
                               | ($itemdocs["\($name)/\(.key)"] // null) as $doc
                               | if $doc and .value.items and (.value.items.description | not)
                                 then .value.items.description = $doc else . end)
                         else . end))
    | sort_by(.key)
    | .[] | {name: .key, schema: .value}
' "$spec_dir"/*.json | jq -S -c . > "$out.tmp"
mv "$out.tmp" "$out"
echo "update-k8s-schemas.sh: wrote $out ($(wc -l < "$out") schemas, $(grep -o '"default":' "$out" | wc -l) explicit defaults)" >&2
