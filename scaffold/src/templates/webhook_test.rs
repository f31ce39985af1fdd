
#[cfg(test)]
mod tests {
    use kube::api::PostParams;
    use kube_codegen_manager::Config;
    use kube_codegen_runtime::{TypedClient, fake};

    use super::*;

    fn {var}(name: &str) -> {kind} {
        let mut {var} = {kind}::default();
        {var}.metadata.name = Some(name.to_owned());
{namespace_line}        {var}
    }

    /// The webhooks on the fake clientset, which calls them on writes as the
    /// API server calls the webhook server.
    #[tokio::test]
    async fn the_webhooks_judge_writes() {
        let fake = fake::Clientset::new([]){with_crds};
        let mut manager = Manager::fake(&fake, "test", Config::default());
        setup(&mut manager);
        let client = TypedClient::<{kind}, _>::new(&fake, "{namespace}");
{test_body}    }
}
