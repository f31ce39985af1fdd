//! Watches as the API server's watch cache serves them: synthetic `ADDED` events
//! for the current state (`resourceVersion` unset or `"0"`) or a replay from a
//! given version, then live events; an object that starts or stops matching the
//! selectors arrives as `ADDED` or `DELETED`; a compacted version answers with a
//! 410 `ERROR` event; the stream ends after the watch timeout.

use std::time::Duration;

use futures::stream::{self, BoxStream, StreamExt};
use kube::api::WatchParams;
use serde_json::{Value, json};

use super::meta;
use super::rest::Rest;
use super::select::Selectors;
use super::tracker::{EventType, ResourceKey, TrackerEvent, WatchStart};
use crate::error::Result;

/// The server's default watch timeout (kube sends 290 s when none is given).
const DEFAULT_TIMEOUT_SECS: u64 = 290;

/// Filters one tracker event through namespace and selectors, turning selector
/// transitions into `ADDED`/`DELETED` like the watch cache does.
fn to_watch_event(event: TrackerEvent, namespace: &str, selectors: &Selectors) -> Option<Value> {
    let in_namespace =
        |o: &Value| namespace.is_empty() || meta::meta_str(o, "namespace") == namespace;
    let passes = |o: &Value| in_namespace(o) && selectors.matches(o);
    let now = event.event_type != EventType::Deleted && passes(&event.object);
    let before = event.previous.as_ref().is_some_and(passes);
    let (kind, object) = match (before, now) {
        (false, true) => ("ADDED", event.object),
        (true, true) => ("MODIFIED", event.object),
        (true, false) => {
            // The previous content with the event's version, as the server sends it.
            let mut previous = event.previous.unwrap_or(event.object);
            meta::meta_mut(&mut previous).insert(
                "resourceVersion".into(),
                Value::String(event.resource_version.to_string()),
            );
            ("DELETED", previous)
        }
        (false, false) => return None,
    };
    Some(json!({ "type": kind, "object": object }))
}

impl Rest<'_> {
    /// Starts a watch; the stream yields watch events as JSON (`{"type", "object"}`).
    pub(crate) fn watch(
        &self,
        wp: &WatchParams,
        version: &str,
    ) -> Result<BoxStream<'static, Value>> {
        let selectors = Selectors::parse(
            wp.label_selector.as_deref(),
            wp.field_selector.as_deref(),
            self.info,
        )?;
        let start = match version {
            "" | "0" => WatchStart::Now,
            v => WatchStart::After(
                v.parse()
                    .map_err(|_| meta::bad_request(format!("invalid resource version \"{v}\"")))?,
            ),
        };
        let timeout = Duration::from_secs(wp.timeout.map_or(DEFAULT_TIMEOUT_SECS, u64::from));
        let handle = match self.tracker.watch(&ResourceKey::of(self.info), start) {
            Ok(handle) => handle,
            Err(oldest) => {
                let requested = if let WatchStart::After(v) = start {
                    v
                } else {
                    0
                };
                let status = meta::expired(requested, oldest);
                let event = json!({ "type": "ERROR", "object": status });
                return Ok(stream::iter([event]).boxed());
            }
        };
        let namespace = self.namespace.to_owned();
        let mut initial: Vec<Value> = handle
            .initial
            .into_iter()
            .filter_map(|e| to_watch_event(e, &namespace, &selectors))
            .collect();
        if wp.send_initial_events && start == WatchStart::Now {
            // Streaming lists: a bookmark marks the end of the initial state.
            initial.push(json!({
                "type": "BOOKMARK",
                "object": {
                    "apiVersion": self.info.api_version(),
                    "kind": self.info.kind,
                    "metadata": {
                        "resourceVersion": handle.resource_version.to_string(),
                        "annotations": { "k8s.io/initial-events-end": "true" },
                    },
                },
            }));
        }
        let live = handle
            .live
            .filter_map(move |e| futures::future::ready(to_watch_event(e, &namespace, &selectors)));
        Ok(stream::iter(initial)
            .chain(live)
            .take_until(tokio::time::sleep(timeout))
            .boxed())
    }
}
