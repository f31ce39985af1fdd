//! A TCP proxy between one client (an operator replica) and the API server,
//! which a test can break: delay what passes, drop everything (a network
//! partition), or reset every connection. One proxy per replica partitions
//! that replica while the others still reach the server.
//!
//! The partition follows toxiproxy's `timeout` toxic with no timeout: bytes
//! sent either way are dropped, connections stay open and nobody is told, so
//! a client notices only by its own timeouts. When it ends, the connections
//! that lived through it have lost bytes in the middle of their TLS streams,
//! so they are reset (as either end would on the first corrupt record); new
//! connections pass. Nothing sent during the partition ever arrives: a test
//! counting the writes that reached the server (the audit log) sees exactly
//! what the replica sent while connected.
//!
//! ```no_run
//! # async fn demo() -> anyhow::Result<()> {
//! let cp = e2e::shared()?;
//! let proxy = e2e::proxy::Proxy::start(cp.apiserver_addr()?).await?;
//! let config = e2e::proxy::kube_config(cp, proxy.addr(), "replica-a").await?;
//! proxy.partition();
//! // ... the replica behind `config` reaches nothing ...
//! proxy.heal();
//! # let _ = config; Ok(()) }
//! ```

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// What the proxy does to the bytes it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Forwards everything at once.
    Pass,
    /// Forwards everything, each chunk held back this long.
    Delay(Duration),
    /// Drops everything both ways; connections stay open (a partition).
    Partition,
}

/// The proxy's state, shared by its listener and connections.
#[derive(Debug)]
struct Shared {
    upstream: SocketAddr,
    mode: watch::Sender<Mode>,
    /// Bumped by [`Proxy::reset`] and at the end of a partition: connections
    /// of an older epoch close with a reset.
    epoch: watch::Sender<u64>,
    /// When each connection was accepted.
    accepted: Mutex<Vec<Instant>>,
    /// Bytes dropped by partitions.
    dropped: AtomicU64,
}

/// A running proxy, stopped (and every connection closed) when dropped.
#[derive(Debug)]
pub struct Proxy {
    addr: SocketAddr,
    shared: Arc<Shared>,
    listener: JoinHandle<()>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.listener.abort();
        self.shared.epoch.send_modify(|e| *e += 1);
    }
}

impl Proxy {
    /// Listens on a free loopback port and forwards to `upstream`.
    pub async fn start(upstream: SocketAddr) -> Result<Proxy> {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .context("binding the proxy")?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            upstream,
            mode: watch::Sender::new(Mode::Pass),
            epoch: watch::Sender::new(0),
            accepted: Mutex::default(),
            dropped: AtomicU64::new(0),
        });
        let listener = tokio::spawn(accept(listener, Arc::clone(&shared)));
        Ok(Proxy {
            addr,
            shared,
            listener,
        })
    }

    /// Where clients connect.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The current mode.
    pub fn mode(&self) -> Mode {
        *self.shared.mode.borrow()
    }

    /// Drops every byte both ways from now on, keeping connections open.
    pub fn partition(&self) {
        self.shared.mode.send_replace(Mode::Partition);
    }

    /// Ends a partition: connections that lived through it are reset, new
    /// ones pass.
    pub fn heal(&self) {
        let was = self.shared.mode.send_replace(Mode::Pass);
        if was == Mode::Partition {
            self.shared.epoch.send_modify(|e| *e += 1);
        }
    }

    /// Holds back each chunk by `delay` (both ways) from now on.
    pub fn delay(&self, delay: Duration) {
        self.shared.mode.send_replace(Mode::Delay(delay));
    }

    /// Resets every open connection now (new ones are accepted).
    pub fn reset(&self) {
        self.shared.epoch.send_modify(|e| *e += 1);
    }

    /// When each connection so far was accepted.
    pub fn accepted(&self) -> Vec<Instant> {
        self.shared
            .accepted
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Bytes dropped by partitions so far.
    pub fn dropped_bytes(&self) -> u64 {
        self.shared.dropped.load(Ordering::Relaxed)
    }
}

async fn accept(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let Ok((client, _)) = listener.accept().await else {
            continue;
        };
        shared
            .accepted
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Instant::now());
        tokio::spawn(connection(client, Arc::clone(&shared)));
    }
}

/// One client connection, until either end closes or its epoch ends.
async fn connection(client: TcpStream, shared: Arc<Shared>) {
    let mut epoch = shared.epoch.subscribe();
    let born = *epoch.borrow_and_update();
    let Ok(server) = TcpStream::connect(shared.upstream).await else {
        // Nothing listens upstream: the client sees its connection reset.
        let _ = client.set_zero_linger();
        return;
    };
    let _ = (client.set_nodelay(true), server.set_nodelay(true));
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let up = pump(client_read, server_write, Arc::clone(&shared));
    let down = pump(server_read, client_write, Arc::clone(&shared));
    tokio::select! {
        _ = async { tokio::join!(up, down) } => {}
        _ = epoch.wait_for(|e| *e != born) => {}
    }
    // Dropping the halves closes both sockets; a reset rather than a close
    // is what a peer sees of a connection that broke.
}

/// Copies `from` to `to` as the mode says, until `from` ends or `to` fails.
async fn pump(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, shared: Arc<Shared>) {
    let mode = shared.mode.subscribe();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let current = *mode.borrow();
        match current {
            Mode::Partition => {
                shared.dropped.fetch_add(n as u64, Ordering::Relaxed);
                continue;
            }
            Mode::Delay(delay) => tokio::time::sleep(delay).await,
            Mode::Pass => {}
        }
        if to.write_all(&buf[..n]).await.is_err() {
            break;
        }
    }
    let _ = to.shutdown().await;
}

/// A kube config as the control plane's admin, through `proxy`: its server
/// is the proxy's address (the API server's certificate names 127.0.0.1, so
/// TLS verifies as before), and its user agent names `identity`, so the
/// audit log tells this client's writes apart.
pub async fn kube_config(
    cp: &crate::ControlPlane,
    proxy: SocketAddr,
    identity: &str,
) -> Result<kube::Config> {
    let mut config = admin_config(cp, identity).await?;
    config.cluster_url = format!("https://{proxy}")
        .parse()
        .context("the proxy's URL")?;
    Ok(config)
}

/// The control plane's admin kube config, directly to the API server, with
/// a user agent that names `identity`.
pub async fn admin_config(cp: &crate::ControlPlane, identity: &str) -> Result<kube::Config> {
    let path = cp
        .kubeconfig()
        .context("a local control plane or an explicit kubeconfig")?;
    let kubeconfig = kube::config::Kubeconfig::read_from(&path)?;
    let mut config = kube::Config::from_custom_kubeconfig(kubeconfig, &Default::default()).await?;
    config.headers.push((
        http::header::USER_AGENT,
        http::HeaderValue::from_str(&crate::audit::user_agent(identity))?,
    ));
    Ok(config)
}
