package dev.pronto.core;

import dev.pronto.wire.KeyMaterial;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Objects;

/**
 * A private key with its certificate chain: what a TLS listener presents, or a client certificate for
 * mutual TLS. It comes from PEM files (the chain, leaf first, and a PKCS#8 key), from a key store file
 * (PKCS#12 or JKS) or from a loaded {@link KeyStore}; a key store contributes its first key entry.
 *
 * <p>Errors: the source is read when the value is created, so a missing or unreadable file, a key that
 * is not PKCS#8, a wrong password or a key that does not match its certificate fails there with an
 * {@link IllegalArgumentException} naming the field and the file. It is read again on every reload
 * ({@link Server#reloadTls()}), including an in-memory key store, so changes made to it are picked up.
 * {@code toString} never shows a password.
 */
public sealed interface TlsKeys permits TlsKeys.Pem, TlsKeys.KeyStoreFile, TlsKeys.InMemoryKeyStore {
    /** An unencrypted PKCS#8 key ({@code BEGIN PRIVATE KEY}) and its certificate chain, both PEM files. */
    static TlsKeys pem(Path certificateChain, Path privateKey) {
        return new Pem(certificateChain, privateKey, null);
    }

    /** An encrypted PKCS#8 key ({@code BEGIN ENCRYPTED PRIVATE KEY}) and its certificate chain, both PEM files. */
    static TlsKeys pem(Path certificateChain, Path privateKey, String password) {
        return new Pem(certificateChain, privateKey, Objects.requireNonNull(password, "password"));
    }

    /** A PKCS#12 or JKS file whose store and key share {@code password}. */
    static TlsKeys keyStore(Path file, String password) {
        return new KeyStoreFile(file, password);
    }

    /** A loaded key store whose key entry is protected by {@code password}. */
    static TlsKeys keyStore(KeyStore keyStore, String password) {
        return new InMemoryKeyStore(keyStore, password);
    }

    /** The files this material is read from, for watching; empty for an in-memory key store. */
    List<Path> files();

    /**
     * PEM files.
     *
     * @param certificateChain certificates, leaf first
     * @param privateKey the PKCS#8 key of the leaf
     * @param password the key's password, or null for an unencrypted key
     */
    record Pem(Path certificateChain, Path privateKey, String password) implements TlsKeys {
        /** Reads both files and checks that the key matches the certificate. */
        public Pem {
            Objects.requireNonNull(certificateChain, "certificateChain");
            Objects.requireNonNull(privateKey, "privateKey");
            KeyMaterial.pem(certificateChain, privateKey, password);
        }

        @Override
        public List<Path> files() {
            return List.of(certificateChain, privateKey);
        }

        @Override
        public String toString() {
            return "Pem[certificateChain=" + certificateChain + ", privateKey=" + privateKey + "]";
        }
    }

    /**
     * A key store file.
     *
     * @param file a PKCS#12 or JKS file
     * @param password the password of the store and of its key entry
     */
    record KeyStoreFile(Path file, String password) implements TlsKeys {
        /** Reads the store and checks that it holds a key entry the password opens. */
        public KeyStoreFile {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(password, "password");
            KeyMaterial.keyStore(KeyMaterial.readKeyStore(file, password), password, "keyStore " + file);
        }

        @Override
        public List<Path> files() {
            return List.of(file);
        }

        @Override
        public String toString() {
            return "KeyStoreFile[" + file + "]";
        }
    }

    /**
     * A loaded key store.
     *
     * @param keyStore holds at least one key entry
     * @param password the password of the key entry
     */
    record InMemoryKeyStore(KeyStore keyStore, String password) implements TlsKeys {
        /** Checks that the store holds a key entry the password opens. */
        public InMemoryKeyStore {
            Objects.requireNonNull(keyStore, "keyStore");
            Objects.requireNonNull(password, "password");
            KeyMaterial.keyStore(keyStore, password, "keyStore");
        }

        @Override
        public List<Path> files() {
            return List.of();
        }

        @Override
        public String toString() {
            return "InMemoryKeyStore[" + keyStore.getType() + "]";
        }
    }
}
