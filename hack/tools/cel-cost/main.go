// cel-cost prints what the API server's CRD validation computes for every
// x-kubernetes-validations rule of a CRD schema: the compile error, the
// estimated cost of one evaluation, the cardinality (how often the rule may
// run per object) and the cost the per-rule limit is compared with. It is the
// reference for kube-codegen's CEL checks (tests/crd-parity, issue #16), built
// from the Go module proxy at the pinned Kubernetes version by
// hack/tools/cel-cost.sh.
//
// Input (stdin): an openAPIV3Schema as JSON. Output (stdout): one JSON object
// per rule and message expression, in schema order (properties by name).
//
// With -functions it prints instead every function the environment of new
// CRD rules declares, one overload a line (function, overload id, global or
// member, argument types, result type; tab-separated), and the macros: the
// table kube-codegen type-checks rules with (hack/update-cel-functions.sh).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"sort"
	"strings"

	apiextensionsinternal "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel/model"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

type result struct {
	Path        string  `json:"path"`
	Key         string  `json:"key"`
	Error       string  `json:"error,omitempty"`
	MaxCost     uint64  `json:"maxCost"`
	Cardinality *uint64 `json:"cardinality"`
	Cost        uint64  `json:"cost"`
}

func main() {
	functions := flag.Bool("functions", false, "print the functions and macros of the CRD rule environment")
	flag.Parse()
	envSet := environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion(), true)
	if *functions {
		printFunctions(envSet)
		return
	}
	var v1 apiextensionsv1.JSONSchemaProps
	if err := json.NewDecoder(os.Stdin).Decode(&v1); err != nil {
		fail(err)
	}
	var internal apiextensionsinternal.JSONSchemaProps
	if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(&v1, &internal, nil); err != nil {
		fail(err)
	}
	s, err := structuralschema.NewStructural(&internal)
	if err != nil {
		fail(err)
	}
	one := uint64(1)
	var out []result
	walk(s, "", true, &one, envSet, &out)
	enc := json.NewEncoder(os.Stdout)
	for _, r := range out {
		if err := enc.Encode(r); err != nil {
			fail(err)
		}
	}
}

func walk(s *structuralschema.Structural, path string, root bool, card *uint64, envSet *environment.EnvSet, out *[]result) {
	if len(s.XValidations) > 0 {
		decl := model.SchemaDeclType(s, root || s.XEmbeddedResource)
		results, err := cel.Compile(s, decl, celconfig.PerCallLimit, envSet, cel.NewExpressionsEnvLoader())
		if err != nil {
			fail(err)
		}
		for i, r := range results {
			at := fmt.Sprintf("%s.x-kubernetes-validations[%d]", path, i)
			rule := result{Path: at, Key: "rule", MaxCost: r.MaxCost, Cardinality: card}
			if r.Error != nil {
				rule.Error = r.Error.Detail
			}
			if card != nil {
				rule.Cost = mul(r.MaxCost, *card)
			} else {
				rule.Cost = mul(r.MaxCost, r.MaxCardinality)
			}
			*out = append(*out, rule)
			if s.XValidations[i].MessageExpression != "" {
				msg := result{Path: at, Key: "messageExpression", MaxCost: r.MessageExpressionMaxCost, Cost: r.MessageExpressionMaxCost}
				if r.MessageExpressionError != nil {
					msg.Error = r.MessageExpressionError.Detail
				}
				*out = append(*out, msg)
			}
		}
	}
	names := make([]string, 0, len(s.Properties))
	for name := range s.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := s.Properties[name]
		walk(&p, fmt.Sprintf("%s.properties[%s]", path, name), false, card, envSet, out)
	}
	if s.Items != nil {
		walk(s.Items, path+".items", false, times(card, s.ValueValidation, true), envSet, out)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Structural != nil {
		walk(s.AdditionalProperties.Structural, path+".additionalProperties", false, times(card, s.ValueValidation, false), envSet, out)
	}
}

// times is the cardinality of a list's items or a map's values: the parent's
// times maxItems / maxProperties, unbounded (nil) without one.
func times(card *uint64, v *structuralschema.ValueValidation, list bool) *uint64 {
	if card == nil || v == nil {
		return nil
	}
	limit := v.MaxProperties
	if list {
		limit = v.MaxItems
	}
	if limit == nil {
		return nil
	}
	n := uint64(0)
	if *limit > 0 {
		n = uint64(*limit)
	}
	r := mul(*card, n)
	return &r
}

func mul(a, b uint64) uint64 {
	if a == 0 {
		return 0
	}
	if math.MaxUint64/a < b {
		return math.MaxUint64
	}
	return a * b
}

func printFunctions(envSet *environment.EnvSet) {
	env := envSet.NewExpressionsEnv()
	fns := env.Functions()
	names := make([]string, 0, len(fns))
	for name := range fns {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, o := range fns[name].OverloadDecls() {
			kind := "global"
			if o.IsMemberFunction() {
				kind = "member"
			}
			args := make([]string, 0, len(o.ArgTypes()))
			for _, a := range o.ArgTypes() {
				args = append(args, a.String())
			}
			fmt.Printf("%s\t%s\t%s\t%s\t%s\n", name, o.ID(), kind, strings.Join(args, ", "), o.ResultType().String())
		}
	}
	macros := make([]string, 0)
	for _, m := range env.Macros() {
		kind := "global"
		if m.IsReceiverStyle() {
			kind = "member"
		}
		args := fmt.Sprint(m.ArgCount())
		if m.ArgCount() == 0 {
			args = "*"
		}
		macros = append(macros, fmt.Sprintf("macro\t%s\t%s\t%s", m.Function(), kind, args))
	}
	sort.Strings(macros)
	for _, m := range macros {
		fmt.Println(m)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "cel-cost:", err)
	os.Exit(1)
}
