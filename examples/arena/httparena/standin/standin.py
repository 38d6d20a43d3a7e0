#!/usr/bin/env python3
"""A stand-in for the `docker` commands HttpArena's scripts/validate.sh issues, for machines without a
Docker daemon: each container becomes local processes started from the same ENTRYPOINT, environment and
volumes, so validate.sh runs unmodified against them. Run it inside a private network namespace (the runner,
../validate.sh, uses `unshare -n`) so HttpArena's fixed ports (8080, 8443, 5432, 9090, ...) are the namespace's.

What it does for each image (and what it cannot, so it says so in its output):
  docker build DIR        checks that every COPY source of DIR/Dockerfile is in DIR and that DIR/arena.jar
                          matches arena.jar.sha256 (the Dockerfile's prebuilt-jar path); no jlink, no AOT cache:
                          the JVM is the JDK on PATH and runs without -XX:AOTCache
                          (the arena app's default paths become DATA_DIR, TLS_CERT and TLS_KEY so they are rewritten)
  docker run IMAGE        the image's ENTRYPOINT under `sh -c` with its ENV and the -e values; a volume
                          SRC:DST becomes a symlink at ROOT/DST and every container path (/data, /certs, /app, /tmp,
                          the mount points) in arguments and environment values is rewritten to ROOT/...
  postgres:*              a local Postgres (PG_BIN) on 5432 with POSTGRES_USER/PASSWORD/DB, the mounted
                          /docker-entrypoint-initdb.d/*.sql applied; `docker exec` runs pg_isready/psql against it
  redis:*                 the local redis-server/redis-cli, entrypoint scripts rewritten like any other
  compose up/down         services in depends_on order, each `condition: service_healthy` waited for by running
                          the service's healthcheck test locally (interval/retries as written)
  nginx (edge) build      the local nginx with the entry's nginx.conf, container paths rewritten (and, for a
                          local nginx older than 1.25, `http2 on;` as `listen ... ssl http2;`)
  authsvc (Rust) build    no Rust toolchain here (crates.io is unreachable): authsvc.py, the same HS256 check
State lives in $STANDIN_STATE. Exit codes follow docker's where validate.sh looks at them.
"""
import json, os, re, shutil, signal, subprocess, sys, time
from pathlib import Path

STATE = Path(os.environ.get("STANDIN_STATE", "/tmp/httparena-standin"))
HERE = Path(__file__).resolve().parent
PG_BIN = os.environ.get("PG_BIN", "/usr/lib/postgresql/15/bin")
KNOWN_ROOTS = ("/data", "/certs", "/app", "/tmp", "/seed.txt", "/entrypoint.sh", "/cache-entrypoint.sh",
               "/docker-entrypoint-initdb.d", "/etc/nginx/nginx.conf")


def say(msg):
    print(f"[stand-in] {msg}", file=sys.stderr)


def record(kind, name):
    return STATE / kind / f"{name.replace('/', '_').replace(':', '_')}.json"


def save(kind, name, data):
    p = record(kind, name)
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(data))


def load(kind, name):
    p = record(kind, name)
    return json.loads(p.read_text()) if p.exists() else None


# ---------------------------------------------------------------- images

def parse_dockerfile(path):
    text = re.sub(r"\\\n", " ", path.read_text())
    lines = [l.strip() for l in text.splitlines() if l.strip() and not l.strip().startswith("#")]
    env, entry, cmd, copies, froms = {}, None, None, [], []
    for line in lines:
        op, _, rest = line.partition(" ")
        op = op.upper()
        if op == "FROM":
            froms.append(rest.split()[0])
        elif op == "ENV":
            for m in re.finditer(r'(\w+)=("(?:[^"\\]|\\.)*"|\S+)', rest):
                env[m.group(1)] = m.group(2).strip('"')
        elif op == "ENTRYPOINT":
            entry = json.loads(rest)
        elif op == "CMD":
            cmd = json.loads(rest) if rest.startswith("[") else ["sh", "-c", rest]
        elif op == "COPY" and not rest.startswith("--from"):
            copies.append(rest.split()[0])
    return {"env": env, "entrypoint": entry, "cmd": cmd, "copies": copies, "from": froms}


def build(args):
    tag, file, ctx = None, None, None
    it = iter(args)
    for a in it:
        if a == "-t":
            tag = next(it)
        elif a == "-f":
            file = next(it)
        elif a.startswith("-"):
            continue
        else:
            ctx = a
    return build_image(tag, Path(ctx), Path(file) if file else None)


def build_image(tag, ctx, dockerfile=None):
    ctx = ctx.resolve()
    dockerfile = dockerfile or ctx / "Dockerfile"
    if not dockerfile.is_file():
        say(f"build: no Dockerfile in {ctx}")
        return 1
    df = parse_dockerfile(dockerfile)
    for src in df["copies"]:
        if src != "." and not (ctx / src).exists():
            say(f"build: COPY {src}: not in the build context {ctx}")
            return 1
    kind = "app"
    if any(f.startswith("nginx") for f in df["from"]):
        kind = "nginx"
    elif (ctx / "Cargo.toml").exists() and ctx.name == "authsvc":
        kind = "authsvc"
    elif (ctx / "arena.jar").exists():
        sums = ctx / "arena.jar.sha256"
        if not sums.exists() or subprocess.run(["sha256sum", "-c", "--quiet", sums.name], cwd=ctx).returncode:
            say(f"build: {ctx}/arena.jar does not match arena.jar.sha256")
            return 1
    else:
        say(f"build: {ctx} has no arena.jar; the stand-in does not run the Dockerfile's Maven build")
        return 1
    save("images", tag, {"kind": kind, "ctx": str(ctx), **df})
    say(f"built {tag} ({kind}) from {ctx}" + (" -- prebuilt jar, no jlink/AOT cache" if kind == "app" else ""))
    return 0


# ---------------------------------------------------------------- containers

def root_of(name):
    return STATE / "containers" / name.replace("/", "_")


def translate(value, root):
    """Container paths in value (an argument, an env value, a script) rewritten to paths under root, in one pass
    (a rewritten path is never rewritten again, wherever root lives)."""
    alternatives = "|".join(re.escape(p) for p in sorted(KNOWN_ROOTS, key=len, reverse=True))
    pattern = r"(?<![\w./-])(" + alternatives + r")(?=$|[/\s:'\";,])"
    return re.sub(pattern, lambda m: str(root) + m.group(1), value)


def mount(root, volumes):
    for v in volumes:
        src, dst = v.split(":")[0], v.split(":")[1]
        target = Path(str(root) + dst)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_symlink() or target.exists():
            target.unlink()
        target.symlink_to(Path(src).resolve())
    (root / "tmp").mkdir(parents=True, exist_ok=True)


def spawn(name, argv, env, kind, extra=None, popen=None):
    root = root_of(name)
    log = open(root / "log", "ab")
    full_env = dict(os.environ)
    full_env.update(env)
    p = subprocess.Popen(argv, env=full_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                         cwd=root, **(popen or {}))
    save("containers", name, {"pid": p.pid, "kind": kind, "root": str(root), **(extra or {})})
    say(f"started {name} ({kind}) pid {p.pid}: {' '.join(argv)[:200]}")
    return 0


def start(name, image, env, volumes, entrypoint=None, command=None):
    root = root_of(name)
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    mount(root, volumes)
    if image.startswith("postgres:"):
        return start_postgres(name, root, env)
    if image.startswith("redis:"):
        argv = [translate(a, root) for a in (entrypoint or ["redis-server"]) + (command or [])]
        return spawn(name, script_args(argv, root), {}, "redis")
    img = load("images", image)
    if img is None:
        say(f"run: no image {image} (build it first)")
        return 125
    if img["kind"] == "nginx":
        return start_nginx(name, root, img)
    if img["kind"] == "authsvc":
        return spawn(name, [sys.executable, str(HERE / "authsvc.py")], env, "authsvc")
    jar = Path(img["ctx"]) / "arena.jar"
    app = root / "app"
    app.mkdir(exist_ok=True)
    (app / "arena.jar").symlink_to(jar)
    # the image's PATH and JAVA_HOME name its jlinked JRE: here the JDK on PATH runs the jar
    full = {k: v for k, v in img["env"].items() if k not in ("PATH", "JAVA_HOME")}
    # the paths the arena app reads when nothing is set (its documented defaults), made explicit so that they
    # are rewritten too: there is no mount namespace here to put the volumes at /data and /certs
    full.update({"DATA_DIR": "/data", "TLS_CERT": "/certs/server.crt", "TLS_KEY": "/certs/server.key"})
    full.update(env)
    full = {k: translate(v, root) for k, v in full.items()}
    argv = entrypoint or img["entrypoint"]
    argv = [translate(a, root).replace(f"-XX:AOTCache={root}/app/arena.aot", "") for a in argv + (command or [])]
    return spawn(name, argv, full, "app")


def script_args(argv, root):
    """`sh SCRIPT` with SCRIPT a mounted file: run a copy with container paths rewritten."""
    if len(argv) >= 2 and argv[0] == "sh" and Path(argv[1]).is_file():
        copy = root / "tmp" / Path(argv[1]).name
        copy.write_text(translate(Path(argv[1]).read_text(), root))
        return ["sh", str(copy)] + argv[2:]
    return argv


def start_postgres(name, root, env):
    data, user = root / "pgdata", env.get("POSTGRES_USER", "postgres")
    pw, db = env.get("POSTGRES_PASSWORD", ""), env.get("POSTGRES_DB", user)
    (root / "pw").write_text(pw + "\n")
    # Postgres refuses to run as root: as root, its files and processes are the postgres user's
    as_pg = {"user": "postgres"} if os.geteuid() == 0 else {}
    if as_pg:
        for p in (root, root / "pw", root / "tmp"):
            shutil.chown(p, "postgres")
    subprocess.run([f"{PG_BIN}/initdb", "-D", str(data), "-U", user, "--pwfile", str(root / "pw"), "-A", "trust"],
                   check=True, stdout=subprocess.DEVNULL, cwd=root, **as_pg)
    argv = [f"{PG_BIN}/postgres", "-D", str(data), "-p", "5432", "-c", "listen_addresses=localhost",
            "-c", "max_connections=256", "-k", str(root / "tmp")]
    spawn(name, argv, {}, "postgres", popen=as_pg)
    psql = [f"{PG_BIN}/psql", "-h", "127.0.0.1", "-p", "5432", "-U", user, "-q"]
    for _ in range(120):
        if subprocess.run(psql + ["-d", "postgres", "-c", "select 1"], capture_output=True).returncode == 0:
            break
        time.sleep(0.5)
    subprocess.run(psql + ["-d", "postgres", "-c", f"CREATE DATABASE {db}"], check=True)
    for sql in sorted((root / "docker-entrypoint-initdb.d").glob("*.sql")):
        subprocess.run(psql + ["-d", db, "-f", str(sql)], check=True, stdout=subprocess.DEVNULL)
    say(f"postgres {name}: database {db} seeded")
    return 0


def start_nginx(name, root, img):
    conf = root / "nginx.conf"
    text = translate((Path(img["ctx"]) / "nginx.conf").read_text(), root)
    version = subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr
    m = re.search(r"nginx/(\d+)\.(\d+)", version)
    if m and (int(m.group(1)), int(m.group(2))) < (1, 25):
        # the image's nginx 1.27 takes `http2 on;`; an older local one (Debian's 1.22) only `listen ... http2`
        say(f"nginx {m.group(0)}: `http2 on;` rewritten as `listen ... ssl http2;`")
        text = re.sub(r"\n\s*http2 on;", "", re.sub(r"listen (\d+) ssl;", r"listen \1 ssl http2;", text))
    conf.write_text(text)
    (root / "nginx").mkdir(exist_ok=True)
    return spawn(name, ["nginx", "-p", str(root / "nginx"), "-c", str(conf), "-g",
                        f"daemon off; pid {root}/nginx.pid;"], {}, "nginx")


def stop(name):
    c = load("containers", name)
    if c is None:
        return 1
    try:
        os.killpg(c["pid"], signal.SIGTERM)
        for _ in range(100):
            os.killpg(c["pid"], 0)
            time.sleep(0.1)
        os.killpg(c["pid"], signal.SIGKILL)
    except ProcessLookupError:
        pass
    record("containers", name).unlink()
    return 0


def run(args):
    name, env, volumes, entrypoint = None, {}, [], None
    i = 0
    takes = {"--name", "--network", "-p", "-v", "-e", "--ulimit", "--security-opt", "--cpuset-cpus", "--entrypoint"}
    while i < len(args) and args[i].startswith("-"):
        a = args[i]
        if a in takes:
            v = args[i + 1]
            i += 2
            if a == "--name":
                name = v
            elif a == "-v":
                volumes.append(v)
            elif a == "-e":
                k, _, val = v.partition("=")
                env[k] = val
            elif a == "--entrypoint":
                entrypoint = [v]
        else:
            i += 1
    image, command = args[i], args[i + 1:]
    return start(name or image, image, env, volumes, entrypoint, command or None)


def exec_(args):
    c = load("containers", args[0])
    if c is None:
        return 1
    cmd = args[1:]
    if c["kind"] == "postgres":
        cmd = [f"{PG_BIN}/{cmd[0]}", "-h", "127.0.0.1", "-p", "5432"] + cmd[1:]
    return subprocess.run([translate(a, Path(c["root"])) for a in cmd]).returncode


# ---------------------------------------------------------------- compose

def substitute(value):
    value = re.sub(r"\$\{(\w+)\}", lambda m: os.environ.get(m.group(1), ""), value)
    return value.replace("$$", "$")


def compose(args):
    import yaml
    file, project, i = None, "default", 0
    while i < len(args) and args[i].startswith("-"):
        if args[i] == "-f":
            file = args[i + 1]
        elif args[i] == "-p":
            project = args[i + 1]
        i += 2
    verb = args[i]
    spec = yaml.safe_load(Path(file).read_text())
    services = spec["services"]
    if verb == "down":
        for svc in services:
            stop(f"{project}-{svc}")
        return 0
    if verb != "up":
        say(f"compose {verb}: not supported")
        return 1
    base = Path(file).resolve().parent
    order = ordered(services)
    for svc in order:
        s = services[svc]
        for dep, cond in deps(s).items():
            if cond == "service_healthy" and not healthy(project, dep, services[dep]):
                say(f"compose: {dep} did not become healthy")
                return 1
        if up_service(project, svc, s, base):
            return 1
    return 0


def deps(s):
    d = s.get("depends_on") or {}
    return {k: "service_started" for k in d} if isinstance(d, list) else {k: v.get("condition") for k, v in d.items()}


def ordered(services):
    done, out = set(), []

    def visit(n):
        if n not in done:
            done.add(n)
            for d in deps(services[n]):
                visit(d)
            out.append(n)
    for n in services:
        visit(n)
    return out


def up_service(project, svc, s, base):
    name = f"{project}-{svc}"
    stop(name)
    image = s.get("image")
    if "build" in s:
        b = s["build"]
        ctx = base / (b if isinstance(b, str) else b.get("context", "."))
        dfile = None if isinstance(b, str) or "dockerfile" not in b else ctx / b["dockerfile"]
        image = image or f"{project}-{svc}"
        if build_image(image, ctx, dfile):
            return 1
    env = {}
    for e in s.get("environment") or []:
        k, _, v = substitute(e).partition("=")
        env[k] = v
    volumes = []
    for v in s.get("volumes") or []:
        v = substitute(v)
        src = v.split(":")[0]
        if src.startswith("."):
            v = str((base / src).resolve()) + v[len(src):]
        volumes.append(v)
    entry = [substitute(a) for a in s["entrypoint"]] if "entrypoint" in s else None
    return start(name, image, env, volumes, entry)


def healthy(project, svc, s):
    hc = s.get("healthcheck")
    c = load("containers", f"{project}-{svc}")
    if hc is None or c is None:
        return c is not None
    test = hc["test"]
    argv = test[1:] if test[0] == "CMD" else ["sh", "-c", test[1]]
    argv = [translate(a, Path(c["root"])) for a in argv]
    interval = float(str(hc.get("interval", "30s")).rstrip("s"))
    for _ in range(int(hc.get("retries", 3)) + 1):
        if subprocess.run(argv, capture_output=True, timeout=30).returncode == 0:
            say(f"{svc} is healthy")
            return True
        time.sleep(interval)
    return False


def main(argv):
    if not argv:
        return 0
    cmd, args = argv[0], argv[1:]
    if cmd == "build":
        return build(args)
    if cmd == "run":
        return run(args)
    if cmd == "rm":
        return max([stop(n) for n in args if not n.startswith("-")] or [0])
    if cmd == "exec":
        return exec_(args)
    if cmd == "compose":
        return compose(args)
    if cmd in ("network", "pull", "image", "info"):
        return 0
    if cmd == "logs":
        c = load("containers", args[-1])
        return 1 if c is None else subprocess.run(["cat", f"{c['root']}/log"]).returncode
    say(f"docker {cmd}: not supported by the stand-in")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
