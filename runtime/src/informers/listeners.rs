//! The consumers of one informer: a queue per event handler (drained by its own
//! task) and per subscription stream.
//!
//! Queues are unbounded so the watch loop never waits for a slow consumer, which is
//! also what client-go's shared informer does.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use futures::channel::mpsc::{UnboundedReceiver, UnboundedSender, unbounded};
use futures::{Stream, StreamExt};
use tokio::runtime::Handle;
use tokio::task::JoinHandle;

use super::handler::{EventHandler, Notification};

/// What goes down a consumer's queue.
pub(crate) enum Message<K> {
    Notify(Notification<K>),
    /// Everything of the initial list (or the replay for a late handler) is queued
    /// before this.
    Synced,
}

/// A handler registered before the informer started: its queue fills up, and its
/// task starts with the informer.
struct Idle<K> {
    receiver: UnboundedReceiver<Message<K>>,
    handler: Arc<dyn EventHandler<K>>,
    synced: Arc<AtomicBool>,
}

/// Every consumer of one informer.
pub(crate) struct Listeners<K> {
    next_id: u64,
    queues: Vec<(u64, UnboundedSender<Message<K>>)>,
    idle: Vec<Idle<K>>,
    runtime: Option<Handle>,
    tasks: Vec<JoinHandle<()>>,
    closed: bool,
}

impl<K> Default for Listeners<K> {
    fn default() -> Self {
        Listeners {
            next_id: 0,
            queues: Vec::new(),
            idle: Vec::new(),
            runtime: None,
            tasks: Vec::new(),
            closed: false,
        }
    }
}

impl<K: Send + Sync + 'static> Listeners<K> {
    /// Queues `notification` for every consumer, forgetting consumers that are gone.
    pub(crate) fn notify(&mut self, notification: Notification<K>) {
        self.queues.retain(|(_, queue)| {
            queue
                .unbounded_send(Message::Notify(notification.clone()))
                .is_ok()
        });
    }

    /// Marks the end of the initial list for every consumer.
    pub(crate) fn synced(&mut self) {
        self.queues
            .retain(|(_, queue)| queue.unbounded_send(Message::Synced).is_ok());
    }

    /// Adds a consumer whose queue starts with `replay` (and a sync marker when
    /// `synced`); returns its id and the receiving end of its queue.
    fn add_queue(
        &mut self,
        replay: Vec<Notification<K>>,
        synced: bool,
    ) -> (u64, UnboundedReceiver<Message<K>>) {
        let (sender, receiver) = unbounded();
        let id = self.next_id;
        self.next_id += 1;
        if self.closed {
            // After shutdown nothing will ever be delivered: hand back a closed queue.
            return (id, receiver);
        }
        for notification in replay {
            let _ = sender.unbounded_send(Message::Notify(notification));
        }
        if synced {
            let _ = sender.unbounded_send(Message::Synced);
        }
        self.queues.push((id, sender));
        (id, receiver)
    }

    /// Adds `handler`, run by its own task once the informer runs.
    pub(crate) fn add_handler(
        &mut self,
        handler: Arc<dyn EventHandler<K>>,
        replay: Vec<Notification<K>>,
        synced: bool,
    ) -> (u64, Arc<AtomicBool>) {
        let (id, receiver) = self.add_queue(replay, synced);
        let flag = Arc::new(AtomicBool::new(false));
        let idle = Idle {
            receiver,
            handler,
            synced: Arc::clone(&flag),
        };
        match &self.runtime {
            Some(runtime) => self.tasks.push(runtime.spawn(drain(idle))),
            None if !self.closed => self.idle.push(idle),
            None => {}
        }
        (id, flag)
    }

    /// Adds a subscription stream.
    pub(crate) fn add_subscription(
        &mut self,
        replay: Vec<Notification<K>>,
        synced: bool,
    ) -> Subscription<K> {
        let (_, receiver) = self.add_queue(replay, synced);
        Subscription { receiver }
    }

    /// Stops delivering to consumer `id`; what is already queued is still delivered.
    pub(crate) fn remove(&mut self, id: u64) {
        self.queues.retain(|(queue_id, _)| *queue_id != id);
    }

    /// Starts the tasks of handlers registered so far, and of later ones as they come.
    pub(crate) fn start(&mut self, runtime: Handle) {
        if self.closed {
            return;
        }
        for idle in self.idle.drain(..) {
            self.tasks.push(runtime.spawn(drain(idle)));
        }
        self.runtime = Some(runtime);
    }

    /// Closes every queue (handlers finish what is queued, subscriptions end) and
    /// returns the handler tasks to wait for.
    pub(crate) fn close(&mut self) -> Vec<JoinHandle<()>> {
        self.closed = true;
        self.queues.clear();
        self.idle.clear();
        self.runtime = None;
        std::mem::take(&mut self.tasks)
    }
}

/// A handler's task: delivers its queue in order until the queue closes.
async fn drain<K: 'static>(mut idle: Idle<K>) {
    while let Some(message) = idle.receiver.next().await {
        match message {
            Message::Notify(notification) => notification.dispatch(&*idle.handler),
            Message::Synced => idle.synced.store(true, Ordering::Release),
        }
    }
}

/// A stream of an informer's [`Notification`]s, from `SharedInformer::subscribe`.
///
/// It starts with an `Add` for every object already cached, then follows every
/// change; it ends when the informer shuts down. Items queue up without bound until
/// they are read, so keep reading it (or drop it).
pub struct Subscription<K> {
    receiver: UnboundedReceiver<Message<K>>,
}

impl<K> std::fmt::Debug for Subscription<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subscription").finish_non_exhaustive()
    }
}

impl<K> Stream for Subscription<K> {
    type Item = Notification<K>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            match self.receiver.poll_next_unpin(cx) {
                Poll::Ready(Some(Message::Notify(notification))) => {
                    return Poll::Ready(Some(notification));
                }
                Poll::Ready(Some(Message::Synced)) => continue,
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}
