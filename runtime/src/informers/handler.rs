//! What informers tell their consumers: [`Notification`]s, delivered to
//! [`EventHandler`]s or through a subscription stream.

use std::sync::Arc;

/// One change to an informer's cache.
#[derive(Debug)]
pub enum Notification<K> {
    /// An object appeared in the cache.
    Add {
        /// The object.
        object: Arc<K>,
        /// True for the objects of the first complete list, and for the current
        /// contents replayed to a handler that was added after that list.
        is_in_initial_list: bool,
    },
    /// A cached object changed. A periodic resync re-delivers every cached object as
    /// an update with `old` and `new` the same object (compare `resourceVersion`s to
    /// tell a resync from a change).
    Update {
        /// The state that was cached.
        old: Arc<K>,
        /// The state now cached.
        new: Arc<K>,
    },
    /// An object left the cache. This is the object's final state as the watch
    /// reported it, or, when the deletion was found by a relist after the watch
    /// broke, the last state that was cached.
    Delete {
        /// The deleted object.
        object: Arc<K>,
    },
}

impl<K> Clone for Notification<K> {
    fn clone(&self) -> Self {
        match self {
            Notification::Add {
                object,
                is_in_initial_list,
            } => Notification::Add {
                object: Arc::clone(object),
                is_in_initial_list: *is_in_initial_list,
            },
            Notification::Update { old, new } => Notification::Update {
                old: Arc::clone(old),
                new: Arc::clone(new),
            },
            Notification::Delete { object } => Notification::Delete {
                object: Arc::clone(object),
            },
        }
    }
}

impl<K> Notification<K> {
    /// The object the notification is about (the new state for updates).
    pub fn object(&self) -> &Arc<K> {
        match self {
            Notification::Add { object, .. } | Notification::Delete { object } => object,
            Notification::Update { new, .. } => new,
        }
    }
}

impl<K: 'static> Notification<K> {
    /// Calls the `handler` method that matches this notification.
    pub fn dispatch(&self, handler: &dyn EventHandler<K>) {
        match self {
            Notification::Add {
                object,
                is_in_initial_list,
            } => handler.on_add(object, *is_in_initial_list),
            Notification::Update { old, new } => handler.on_update(old, new),
            Notification::Delete { object } => handler.on_delete(object),
        }
    }
}

/// Receives an informer's notifications, the analogue of client-go's
/// `ResourceEventHandler`. Every method has an empty default.
///
/// Each registered handler gets its own queue and task, so a slow handler delays
/// only itself; its calls come one at a time, in the order the cache changed.
/// Handlers should be quick (typically: put a key on a work queue).
pub trait EventHandler<K>: Send + Sync + 'static {
    /// `object` was added to the cache.
    fn on_add(&self, object: &Arc<K>, is_in_initial_list: bool) {
        let _ = (object, is_in_initial_list);
    }

    /// A cached object changed from `old` to `new` (or was resynced: same object).
    fn on_update(&self, old: &Arc<K>, new: &Arc<K>) {
        let _ = (old, new);
    }

    /// `object` was removed from the cache.
    fn on_delete(&self, object: &Arc<K>) {
        let _ = object;
    }
}

type AddFn<K> = Box<dyn Fn(&Arc<K>, bool) + Send + Sync>;
type UpdateFn<K> = Box<dyn Fn(&Arc<K>, &Arc<K>) + Send + Sync>;
type DeleteFn<K> = Box<dyn Fn(&Arc<K>) + Send + Sync>;

/// An [`EventHandler`] made of closures, like client-go's
/// `ResourceEventHandlerFuncs`; unset ones do nothing.
///
/// ```no_run
/// # fn demo(informer: kube_codegen_runtime::informers::SharedInformer<k8s_openapi::api::core::v1::Service>) {
/// use kube_codegen_runtime::informers::EventHandlerFuncs;
///
/// informer.add_event_handler(
///     EventHandlerFuncs::<k8s_openapi::api::core::v1::Service>::new()
///         .on_add(|svc, _initial| println!("added {:?}", svc.metadata.name))
///         .on_delete(|svc| println!("deleted {:?}", svc.metadata.name)),
/// );
/// # }
/// ```
pub struct EventHandlerFuncs<K> {
    add: Option<AddFn<K>>,
    update: Option<UpdateFn<K>>,
    delete: Option<DeleteFn<K>>,
}

impl<K> Default for EventHandlerFuncs<K> {
    fn default() -> Self {
        EventHandlerFuncs {
            add: None,
            update: None,
            delete: None,
        }
    }
}

impl<K> EventHandlerFuncs<K> {
    /// A handler that does nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Calls `f(object, is_in_initial_list)` for each added object.
    pub fn on_add(mut self, f: impl Fn(&Arc<K>, bool) + Send + Sync + 'static) -> Self {
        self.add = Some(Box::new(f));
        self
    }

    /// Calls `f(old, new)` for each update (and resync).
    pub fn on_update(mut self, f: impl Fn(&Arc<K>, &Arc<K>) + Send + Sync + 'static) -> Self {
        self.update = Some(Box::new(f));
        self
    }

    /// Calls `f(object)` for each deleted object.
    pub fn on_delete(mut self, f: impl Fn(&Arc<K>) + Send + Sync + 'static) -> Self {
        self.delete = Some(Box::new(f));
        self
    }
}

impl<K: 'static> EventHandler<K> for EventHandlerFuncs<K> {
    fn on_add(&self, object: &Arc<K>, is_in_initial_list: bool) {
        if let Some(f) = &self.add {
            f(object, is_in_initial_list);
        }
    }

    fn on_update(&self, old: &Arc<K>, new: &Arc<K>) {
        if let Some(f) = &self.update {
            f(old, new);
        }
    }

    fn on_delete(&self, object: &Arc<K>) {
        if let Some(f) = &self.delete {
            f(object);
        }
    }
}
