//! Confines the guest's file access to the runtime directory.
//!
//! Every path the guest names is resolved on the host: relative paths against the
//! root (the guest's working directory), absolute paths as they are. The resolved
//! file must lie inside the root after every symlink is followed (`..` that stays
//! inside is fine), or be one of the files the caller named on the command line
//! (explicit grants). Anything else is refused with `EACCES` and a warning, so a
//! guest can neither read nor write outside the directory it was given. Device
//! files, sockets and FIFOs are refused even inside the root.

use super::errno;
use std::path::{Component, Path, PathBuf};

#[derive(Clone, Debug)]
pub struct Sandbox {
    /// The canonical runtime directory; also the guest's working directory.
    root: PathBuf,
    /// Canonical paths outside the root the guest may still open: files named on the
    /// command line and directories widened with `--allow-path`.
    grants: Vec<PathBuf>,
}

/// A guest path resolved to a host path the guest may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub host: PathBuf,
    /// The path exists (if false, only its parent directory was checked).
    pub exists: bool,
}

impl Sandbox {
    /// A sandbox rooted at `root`, which must be an existing directory.
    pub fn new(root: &Path) -> Result<Sandbox, String> {
        let root = root
            .canonicalize()
            .map_err(|e| format!("{}: cannot use as runtime directory: {e}", root.display()))?;
        if !root.is_dir() {
            return Err(format!("{}: not a directory", root.display()));
        }
        Ok(Sandbox {
            root,
            grants: Vec::new(),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Lets the guest also open `path` if it is an existing regular file (the files
    /// named on the guest's command line).
    pub fn grant_file(&mut self, path: &Path) {
        let p = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        };
        if p.is_file() {
            self.grant(&p);
        }
    }

    /// Lets the guest also reach `path` (a file, or a directory and everything
    /// below it). Paths that do not exist are ignored: there is nothing to grant.
    pub fn grant(&mut self, path: &Path) {
        let p = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        };
        if let Ok(c) = p.canonicalize()
            && !c.starts_with(&self.root)
            && !self.grants.contains(&c)
        {
            self.grants.push(c);
        }
    }

    fn allowed(&self, canonical: &Path) -> bool {
        canonical.starts_with(&self.root) || self.grants.iter().any(|g| canonical.starts_with(g))
    }

    /// Resolves a guest path; `Err(-errno)` when the guest may not use it.
    pub fn resolve(&self, guest: &str) -> Result<Resolved, i64> {
        if guest.is_empty() {
            return Err(-errno::ENOENT);
        }
        let path = Path::new(guest);
        let joined = if path.is_absolute() {
            path.to_path_buf()
        } else {
            self.root.join(path)
        };
        let refuse = |why: &str| {
            eprintln!("npu-spike: sandbox: refused guest access to '{guest}' ({why})");
            Err(-errno::EACCES)
        };
        match joined.canonicalize() {
            Ok(c) => {
                if !self.allowed(&c) {
                    return refuse("outside the runtime directory");
                }
                match std::fs::metadata(&c) {
                    Ok(m) if m.is_file() || m.is_dir() => Ok(Resolved {
                        host: c,
                        exists: true,
                    }),
                    Ok(_) => refuse("not a regular file"),
                    Err(e) => Err(-errno::from_io(&e)),
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // The file may be about to be created: its directory must be allowed.
                let name = match joined.components().next_back() {
                    Some(Component::Normal(n)) => n.to_owned(),
                    _ => return Err(-errno::ENOENT),
                };
                let parent = joined.parent().unwrap_or(Path::new("/"));
                match parent.canonicalize() {
                    Ok(p) if self.allowed(&p) && p.is_dir() => {
                        // A dangling symlink would be created through: refuse it.
                        let host = p.join(&name);
                        if std::fs::symlink_metadata(&host).is_ok() {
                            return refuse("dangling symbolic link");
                        }
                        Ok(Resolved {
                            host,
                            exists: false,
                        })
                    }
                    Ok(p) if self.allowed(&p) => Err(-errno::ENOTDIR),
                    Ok(_) => refuse("outside the runtime directory"),
                    // A missing parent inside the root is ENOENT; outside, refuse.
                    Err(_) if self.lexically_inside(&joined) => Err(-errno::ENOENT),
                    Err(_) => refuse("outside the runtime directory"),
                }
            }
            Err(e) => Err(-errno::from_io(&e)),
        }
    }

    /// Whether `p` stays inside the root without following symlinks.
    fn lexically_inside(&self, p: &Path) -> bool {
        let mut out = PathBuf::new();
        for c in p.components() {
            match c {
                Component::ParentDir => {
                    out.pop();
                }
                Component::CurDir => {}
                c => out.push(c),
            }
        }
        out.starts_with(&self.root)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("npu-spike-sbx-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("root/sub")).unwrap();
        std::fs::write(d.join("root/in.txt"), b"in").unwrap();
        std::fs::write(d.join("outside.txt"), b"out").unwrap();
        d
    }

    #[test]
    fn confines_paths_to_the_root() {
        let d = tmpdir("confine");
        let root = d.join("root");
        std::os::unix::fs::symlink("../outside.txt", root.join("escape")).unwrap();
        std::os::unix::fs::symlink("in.txt", root.join("alias")).unwrap();
        std::os::unix::fs::symlink("../nowhere", root.join("dangling")).unwrap();
        let s = Sandbox::new(&root).unwrap();
        let croot = root.canonicalize().unwrap();
        assert_eq!(s.resolve("in.txt").unwrap().host, croot.join("in.txt"));
        assert_eq!(
            s.resolve("sub/../in.txt").unwrap().host,
            croot.join("in.txt")
        );
        assert_eq!(s.resolve("alias").unwrap().host, croot.join("in.txt"));
        let abs = croot.join("in.txt");
        assert!(s.resolve(abs.to_str().unwrap()).is_ok());
        let new = s.resolve("new.raw").unwrap();
        assert_eq!((new.host, new.exists), (croot.join("new.raw"), false));
        for bad in [
            "../outside.txt",
            "sub/../../outside.txt",
            "escape",
            "/etc/passwd",
            "../new_file",
            "dangling",
            "/dev/null",
        ] {
            assert_eq!(s.resolve(bad), Err(-errno::EACCES), "{bad}");
        }
        assert_eq!(s.resolve("missing/x"), Err(-errno::ENOENT));
        assert_eq!(s.resolve("in.txt/x"), Err(-errno::ENOTDIR));
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn grants_widen_access_to_named_files_only() {
        let d = tmpdir("grant");
        std::fs::write(d.join("other.txt"), b"o").unwrap();
        let mut s = Sandbox::new(&d.join("root")).unwrap();
        s.grant(&d.join("outside.txt"));
        assert!(s.resolve(d.join("outside.txt").to_str().unwrap()).is_ok());
        assert_eq!(
            s.resolve(d.join("other.txt").to_str().unwrap()),
            Err(-errno::EACCES)
        );
        let _ = std::fs::remove_dir_all(&d);
    }
}
