//! Real TCP connections on loopback: a server writes the same text in
//! pieces of random sizes (which cut characters of every length), each
//! flushed as its own write with Nagle's algorithm off, and every async
//! adapter reads it back exactly; invalid bytes written the same way are
//! reported at their position in the stream (strict) or replaced as
//! `String::from_utf8_lossy` does (lossy). The codecs also write, through
//! a `Framed` on both ends of a connection.

use futures_util::{SinkExt, StreamExt};
use rapidutf::io::{
    AsyncUtf8Reader, CodecError, Utf8Codec, Utf8LinesCodec, Utf8Stream, Utf8StreamError,
};
use rapidutf::ErrorStrategy;
use rapidutf_io_tests::{piece_sizes, text};
use std::io::BufRead;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{BytesCodec, Framed, FramedRead};

/// Connects to a server that writes `data` in pieces of random sizes
/// (pausing now and then, so that reads see them apart).
async fn serve(data: Vec<u8>, seed: u64) -> TcpStream {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (mut sock, _) = listener.accept().await.unwrap();
        sock.set_nodelay(true).unwrap();
        let mut at = 0;
        for (i, n) in piece_sizes(seed, data.len(), 13).into_iter().enumerate() {
            sock.write_all(&data[at..at + n]).await.unwrap();
            sock.flush().await.unwrap();
            at += n;
            if i % 16 == 0 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
        sock.shutdown().await.unwrap();
    });
    let client = TcpStream::connect(addr).await.unwrap();
    client.set_nodelay(true).unwrap();
    client
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

#[test]
fn every_adapter_over_tcp_reads_the_text_exactly() {
    let text = text(120);
    let want_lines: Vec<String> = text.as_bytes().lines().map(Result::unwrap).collect();
    runtime().block_on(async {
        for seed in 0..3 {
            let data = text.clone().into_bytes();
            // Text chunks.
            let mut frames = FramedRead::new(serve(data.clone(), seed).await, Utf8Codec::new());
            let mut got = String::new();
            while let Some(t) = frames.next().await {
                got.push_str(&t.unwrap());
            }
            assert_eq!(got, text);
            // Lines.
            let lines = FramedRead::new(serve(data.clone(), seed).await, Utf8LinesCodec::new());
            let lines: Vec<String> = lines.map(|l| l.unwrap().to_string()).collect().await;
            assert_eq!(lines, want_lines);
            // Lines as `String`s, through the drop-in for tokio-util's
            // `LinesCodec`, beside tokio-util's own on the same pieces.
            let ours =
                FramedRead::new(serve(data.clone(), seed).await, rapidutf::io::LinesCodec::new());
            let ours: Vec<String> = ours.map(Result::unwrap).collect().await;
            assert_eq!(ours, want_lines);
            let theirs = FramedRead::new(
                serve(data.clone(), seed).await,
                tokio_util::codec::LinesCodec::new(),
            );
            let theirs: Vec<String> = theirs.map(Result::unwrap).collect().await;
            assert_eq!(ours, theirs);
            // AsyncRead + AsyncBufRead, with a small buffer.
            let mut r = AsyncUtf8Reader::with_capacity(7, serve(data.clone(), seed).await, None);
            let mut got = String::new();
            r.read_to_string(&mut got).await.unwrap();
            assert_eq!(got, text);
            // Its lines and read_line.
            let r = AsyncUtf8Reader::with_capacity(7, serve(data.clone(), seed).await, None);
            let mut lines = r.lines();
            let mut got = Vec::new();
            while let Some(line) = lines.next_line().await.unwrap() {
                got.push(line);
            }
            assert_eq!(got, want_lines);
            let mut r = AsyncUtf8Reader::with_capacity(7, serve(data.clone(), seed).await, None);
            let (mut all, mut calls) = (String::new(), 0);
            while r.read_line(&mut all).await.unwrap() > 0 {
                calls += 1;
                assert!(all.ends_with('\n') || all.len() == text.len());
            }
            assert_eq!((all, calls), (text.clone(), want_lines.len()));
            // A stream of Bytes.
            let bytes = FramedRead::new(serve(data.clone(), seed).await, BytesCodec::new())
                .map(|b| b.map(|b| b.freeze()));
            let items: Vec<_> = Utf8Stream::new(Box::pin(bytes)).collect().await;
            let got: String = items.into_iter().map(|t| t.unwrap().to_string()).collect();
            assert_eq!(got, text);
        }
    });
}

#[test]
fn invalid_bytes_over_tcp() {
    let text = text(40);
    let mut data = text.into_bytes();
    let at = 301;
    data.insert(at, 0xFF);
    let lossy = String::from_utf8_lossy(&data).into_owned();
    let valid_up_to = core::str::from_utf8(&data).unwrap_err().valid_up_to();
    runtime().block_on(async {
        for seed in 0..3 {
            // Strict: the text before the error, then the error, positioned.
            let mut frames = FramedRead::new(serve(data.clone(), seed).await, Utf8Codec::new());
            let mut got = String::new();
            let e = loop {
                match frames.next().await.expect("an error before the end") {
                    Ok(t) => got.push_str(&t),
                    Err(e) => break e,
                }
            };
            assert_eq!(got.as_bytes(), &data[..valid_up_to]);
            assert!(matches!(e, CodecError::InvalidUtf8(e) if e.valid_up_to() == valid_up_to), "{e:?}");
            let mut r = AsyncUtf8Reader::new(serve(data.clone(), seed).await);
            let e = r.read_to_string(&mut String::new()).await.unwrap_err();
            let e = e.get_ref().and_then(|e| e.downcast_ref::<rapidutf::Utf8Error>()).unwrap();
            assert_eq!(e.valid_up_to(), valid_up_to);
            // Whole lines up to the one with the error, which appends
            // nothing; then its error.
            let mut r = AsyncUtf8Reader::with_capacity(7, serve(data.clone(), seed).await, None);
            let mut all = String::new();
            let e = loop {
                match r.read_line(&mut all).await {
                    Ok(n) => assert!(n > 0 && all.ends_with('\n'), "{all:?}"),
                    Err(e) => break e,
                }
            };
            let line_start = data[..valid_up_to].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            assert_eq!(all.as_bytes(), &data[..line_start]);
            let e = e.get_ref().and_then(|e| e.downcast_ref::<rapidutf::Utf8Error>()).unwrap();
            assert_eq!(e.valid_up_to(), valid_up_to);
            let bytes = FramedRead::new(serve(data.clone(), seed).await, BytesCodec::new()).map(|b| b.map(|b| b.freeze()));
            let items: Vec<_> = Utf8Stream::new(Box::pin(bytes)).collect().await;
            assert!(matches!(items.last(), Some(Err(Utf8StreamError::InvalidUtf8(e))) if e.valid_up_to() == valid_up_to));
            // Lossy.
            let mut frames = FramedRead::new(serve(data.clone(), seed).await, Utf8Codec::lossy(ErrorStrategy::Replace));
            let mut got = String::new();
            while let Some(t) = frames.next().await {
                got.push_str(&t.unwrap());
            }
            assert_eq!(got, lossy);
            let lines = FramedRead::new(serve(data.clone(), seed).await, Utf8LinesCodec::lossy(ErrorStrategy::Replace));
            let lines: Vec<String> = lines.map(|l| l.unwrap().to_string()).collect().await;
            let want: Vec<String> = lossy.as_bytes().lines().map(Result::unwrap).collect();
            assert_eq!(lines, want);
            let r = AsyncUtf8Reader::lossy(serve(data.clone(), seed).await, ErrorStrategy::Replace);
            let mut lines = r.lines();
            let mut got = Vec::new();
            while let Some(line) = lines.next_line().await.unwrap() {
                got.push(line);
            }
            assert_eq!(got, want);
            assert_eq!(lines.get_ref().substitutions(), 1);
        }
    });
}

/// A byte-wise read that stops inside a character leaves no line to
/// read: `read_line` says so (`InvalidData`) rather than appending half a
/// character or panicking; reading the rest of the character's bytes
/// makes lines readable again.
#[test]
fn read_line_after_a_read_inside_a_character() {
    runtime().block_on(async {
        let mut r = AsyncUtf8Reader::new(serve("café\nok\n".into(), 0).await);
        let mut head = [0u8; 4];
        r.read_exact(&mut head).await.unwrap();
        assert_eq!(&head, b"caf\xC3");
        let mut line = String::new();
        let e = r.read_line(&mut line).await.unwrap_err();
        assert_eq!((e.kind(), line.as_str()), (std::io::ErrorKind::InvalidData, ""));
        r.read_exact(&mut head[..1]).await.unwrap();
        assert_eq!(r.read_line(&mut line).await.unwrap(), 1);
        let mut lines = r.lines();
        assert_eq!(lines.next_line().await.unwrap().as_deref(), Some("ok"));
        assert_eq!(lines.next_line().await.unwrap(), None);
    });
}

/// A server on loopback that reads with `codec` through a `Framed` and
/// sends back what `reply` makes of each item, through the same `Framed`.
async fn echo<C, F>(codec: C, reply: F) -> TcpStream
where
    C: tokio_util::codec::Decoder<Item = rapidutf::io::Utf8Bytes, Error = CodecError>
        + tokio_util::codec::Encoder<String, Error = CodecError>
        + Send
        + 'static,
    F: Fn(&str) -> String + Send + 'static,
{
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let (sock, _) = listener.accept().await.unwrap();
        sock.set_nodelay(true).unwrap();
        let mut framed = Framed::new(sock, codec);
        while let Some(item) = framed.next().await {
            framed.send(reply(&item.unwrap())).await.unwrap();
        }
    });
    let client = TcpStream::connect(addr).await.unwrap();
    client.set_nodelay(true).unwrap();
    client
}

/// The next item of `framed`, failing the test (rather than hanging it)
/// when none comes within ten seconds.
async fn next_item<C>(framed: &mut Framed<TcpStream, C>) -> rapidutf::io::Utf8Bytes
where
    C: tokio_util::codec::Decoder<Item = rapidutf::io::Utf8Bytes, Error = CodecError>,
{
    tokio::time::timeout(Duration::from_secs(10), framed.next())
        .await
        .expect("no reply within ten seconds")
        .expect("the connection ended")
        .unwrap()
}

/// Lines written by `Utf8LinesCodec` through a `Framed` (one `send`, one
/// write and flush each) are read by the same codec at the other end,
/// which writes each back reversed; every reply is its line reversed.
#[test]
fn lines_codec_writes_and_reads_over_tcp() {
    let text = text(60);
    runtime().block_on(async {
        let sock = echo(Utf8LinesCodec::new(), |line| line.chars().rev().collect()).await;
        let mut framed = Framed::new(sock, Utf8LinesCodec::new());
        for line in text.lines() {
            framed.send(line).await.unwrap();
            let reply = next_item(&mut framed).await;
            assert_eq!(reply, line.chars().rev().collect::<String>());
        }
        // Lines sent together arrive together, and in order.
        for line in text.lines() {
            framed.feed(line.to_uppercase()).await.unwrap();
        }
        // The codec encodes any `AsRef<str>` (as `LinesCodec` does), so a
        // bare `flush` names the item type.
        SinkExt::<String>::flush(&mut framed).await.unwrap();
        for line in text.lines() {
            let reply = next_item(&mut framed).await;
            assert_eq!(reply, line.to_uppercase().chars().rev().collect::<String>());
        }
    });
}

/// Text written by `Utf8Codec` in pieces of random sizes (at character
/// boundaries: the pieces are `&str`) comes back from a server that
/// echoes each frame as it arrives, wherever its reads cut the bytes:
/// the frames read back join to the text sent.
#[test]
fn text_codec_writes_and_reads_over_tcp() {
    let text = text(200);
    runtime().block_on(async {
        for seed in 0..3 {
            let sock = echo(Utf8Codec::new(), str::to_owned).await;
            let mut framed = Framed::new(sock, Utf8Codec::new());
            let mut at = 0;
            for n in piece_sizes(seed, text.len(), 29) {
                let mut end = (at + n).min(text.len());
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                if end > at {
                    framed.send(&text[at..end]).await.unwrap();
                    at = end;
                }
            }
            let mut got = String::new();
            while got.len() < text.len() {
                got.push_str(&next_item(&mut framed).await);
            }
            assert_eq!(got, text);
        }
    });
}
