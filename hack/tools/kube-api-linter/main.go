// Command kube-api-linter runs kube-api-linter's analyzers on Go packages
// without golangci-lint: the reference of kube-codegen's `lint` differential
// suite (tests/lint-parity). Which linters run, and their settings, come from
// a KAL configuration file (`linters: {enable, disable}`, `lintersConfig`),
// as golangci-lint's `settings` block of the kubeapilinter module holds them.
//
// Usage: kube-api-linter -kal-config FILE [go vet style flags, e.g. -json] PACKAGES...
//
// This is kube-codegen's own code; hack/tools/kube-api-linter.sh builds it
// against kube-api-linter at a pinned version from the Go module proxy.
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis/multichecker"
	"sigs.k8s.io/kube-api-linter/pkg/analysis/registry"
	"sigs.k8s.io/kube-api-linter/pkg/config"
	_ "sigs.k8s.io/kube-api-linter/pkg/registration"
	"sigs.k8s.io/yaml"
)

func main() {
	// multichecker owns the flag set; take our one flag off the front.
	args := os.Args[1:]
	cfg := config.GolangCIConfig{}
	if len(args) >= 2 && args[0] == "-kal-config" {
		raw, err := os.ReadFile(args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		if err := yaml.Unmarshal(raw, &cfg); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		args = args[2:]
	}
	analyzers, err := registry.DefaultRegistry().InitializeLinters(cfg.Linters, cfg.LintersConfig)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	os.Args = append([]string{os.Args[0]}, args...)
	multichecker.Main(analyzers...)
}
