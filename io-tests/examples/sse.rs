//! Server-sent events over a real TCP connection, decoded correctly.
//!
//! A server answers one HTTP request with a `text/event-stream` and sends
//! its events in small TCP writes that cut the UTF-8 characters of the
//! messages; the client reads the response through
//! `FramedRead<TcpStream, Utf8LinesCodec>`, which puts each character
//! back together however the bytes arrive, parses the events as the HTML
//! standard says (`data:` lines, an empty line ends an event) and prints
//! each event's data on a line. A client that decoded every read on its
//! own would print U+FFFD wherever a write boundary fell inside a
//! character.
//!
//! ```text
//! cargo run -p rapidutf-io-tests --example sse [MESSAGE...]
//! ```
//!
//! With no arguments it sends a few messages in several scripts.

use futures_util::StreamExt;
use rapidutf::io::Utf8LinesCodec;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::FramedRead;

/// The sizes of the server's writes, in turn: small enough to cut
/// characters of every length.
const PIECES: [usize; 7] = [1, 2, 3, 5, 7, 11, 4];

/// Answers one request with the messages as an event stream.
async fn serve(listener: TcpListener, messages: Vec<String>) -> std::io::Result<()> {
    let (mut sock, _) = listener.accept().await?;
    sock.set_nodelay(true)?;
    // The request: read up to the end of its head.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") && sock.read(&mut byte).await? == 1 {
        head.push(byte[0]);
    }
    let mut body = String::from(
        "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\n\r\n",
    );
    for (i, m) in messages.iter().enumerate() {
        body.push_str(&format!("id: {i}\n"));
        for line in m.split('\n') {
            body.push_str(&format!("data: {line}\n"));
        }
        body.push('\n');
    }
    let bytes = body.as_bytes();
    let (mut at, mut k) = (0, 0);
    while at < bytes.len() {
        let n = PIECES[k % PIECES.len()].min(bytes.len() - at);
        sock.write_all(&bytes[at..at + n]).await?;
        sock.flush().await?;
        at += n;
        k += 1;
        if k % 8 == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    sock.shutdown().await
}

/// Requests the stream and prints each event's data.
async fn client(addr: std::net::SocketAddr) -> Result<(), Box<dyn std::error::Error>> {
    let mut sock = TcpStream::connect(addr).await?;
    sock.write_all(b"GET /events HTTP/1.1\r\nhost: localhost\r\naccept: text/event-stream\r\n\r\n")
        .await?;
    let mut lines = FramedRead::new(sock, Utf8LinesCodec::new_with_max_length(64 * 1024));
    // The status line and headers, up to the empty line.
    let status = lines.next().await.ok_or("no response")??;
    if !status.starts_with("HTTP/1.1 200") {
        return Err(format!("unexpected status: {status}").into());
    }
    let mut event_stream = false;
    while let Some(line) = lines.next().await {
        let line = line?;
        if line.is_empty() {
            break;
        }
        event_stream |= line.to_ascii_lowercase() == "content-type: text/event-stream";
    }
    if !event_stream {
        return Err("not an event stream".into());
    }
    // The events (HTML, "Parsing an event stream"): the data of each,
    // its `data:` lines joined by newlines, ends at an empty line.
    let mut data: Option<String> = None;
    while let Some(line) = lines.next().await {
        let line = line?;
        if line.is_empty() {
            if let Some(d) = data.take() {
                println!("{d}");
            }
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((&line, ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        if field == "data" {
            match data.as_mut() {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => data = Some(value.to_owned()),
            }
        }
    }
    Ok(())
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut messages: Vec<String> = std::env::args().skip(1).collect();
    if messages.is_empty() {
        messages = [
            "Grüße aus Köln! Ça va très bien.",
            "Привет из Москвы — Γειά σου από την Αθήνα",
            "你好，来自北京。東京からこんにちは。",
            "Emoji: 🎉🚀😀 and music: 𝄞",
            "مرحبا من القاهرة، שלום מירושלים",
        ]
        .map(String::from)
        .to_vec();
    }
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let server = tokio::spawn(serve(listener, messages));
    client(addr).await?;
    server.await??;
    Ok(())
}
