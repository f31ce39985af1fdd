// controller-tools v0.23.0, pkg/webhook/testdata/valid-selectors-matchexpressions: the markers as they are there.
package webhooks

// +kubebuilder:webhook:verbs=create;update,path=/validate-testdata-kubebuilder-io-v1-cronjob,mutating=false,failurePolicy=fail,groups=testdata.kubebuilder.io,resources=cronjobs,versions=v1,name=validation.cronjob.testdata.kubebuilder.io,sideEffects=None,admissionReviewVersions=v1,patch=`{"namespaceSelector":{"matchExpressions":[{"key":"environment","operator":"In","values":["dev","staging","prod"]}]}}`
// +kubebuilder:webhook:verbs=create;update,path=/mutate-testdata-kubebuilder-io-v1-cronjob,mutating=true,failurePolicy=fail,groups=testdata.kubebuilder.io,resources=cronjobs,versions=v1,name=default.cronjob.testdata.kubebuilder.io,sideEffects=None,admissionReviewVersions=v1,patch=`{"objectSelector":{"matchLabels":{"managed-by":"controller"},"matchExpressions":[{"key":"tier","operator":"In","values":["frontend","backend"]}]}}`
