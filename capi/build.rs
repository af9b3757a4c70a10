//! Gives the shared library its SONAME, so that programs linked against
//! `librapidutf.so` record the ABI version they need
//! (`librapidutf.so.0.1`) and keep working, or refuse to start, when the
//! library is upgraded.
//!
//! The ABI version follows Cargo's semver: while the major version is 0,
//! every minor release may break the ABI, so the SONAME carries
//! `0.MINOR`; from 1.0 on it carries the major version alone. `install.sh`
//! names the installed file and its links the same way.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    // ELF platforms whose linkers take GNU ld's -soname (Mach-O and PE
    // have no SONAME; their names are left to whoever packages them).
    let elf = ["linux", "android", "freebsd", "netbsd", "openbsd", "dragonfly"];
    if !elf.contains(&os.as_str()) {
        return;
    }
    let major = env!("CARGO_PKG_VERSION_MAJOR");
    let abi = if major == "0" {
        format!("0.{}", env!("CARGO_PKG_VERSION_MINOR"))
    } else {
        major.to_string()
    };
    println!("cargo::rustc-cdylib-link-arg=-Wl,-soname,librapidutf.so.{abi}");
}
