
// +kubebuilder:webhook:path={validate_path},mutating=false,failurePolicy=fail,sideEffects=None,groups={marker_group},resources={plural},verbs=create;update,versions={version},name=v{lower_kind}-{version}.kb.io,admissionReviewVersions=v1
impl Validator<{kind}> for {kind}Webhook {
    /// Admits or refuses a new {kind}: `Ok` with warnings for the client, or
    /// `Err(Denied::invalid::<{kind}>(name, field_errors))`, which the API server
    /// returns as an `Invalid` error naming each field. This skeleton refuses
    /// names longer than a label value can hold; put your rules here.
    async fn validate_create(&self, _request: &Request<'_>, {var}: &{kind}) -> Result<Warnings, Denied> {
        let name = {var}.metadata.name.as_deref().unwrap_or_default();
        if name.len() > 63 {
            let error = FieldError::too_long("metadata.name", 63);
            return Err(Denied::invalid::<{kind}>(name, [error]));
        }
        Ok(Warnings::new())
    }

    /// Admits or refuses a change of a {kind} from `old` to `new`.
    async fn validate_update(
        &self,
        request: &Request<'_>,
        _old: &{kind},
        new: &{kind},
    ) -> Result<Warnings, Denied> {
        self.validate_create(request, new).await
    }

    // Deletes are admitted (`validate_delete`'s default). To judge them, add
    // `delete` to the marker's verbs and `.validation_operations([Create,
    // Update, Delete])` in `setup`, and implement `validate_delete`.
}
