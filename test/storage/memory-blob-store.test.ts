import { MemoryBlobStore } from "../../src/storage/memory-blob-store.js";
import { blobStoreContract } from "./blob-store-contract.js";

blobStoreContract("MemoryBlobStore", async () => new MemoryBlobStore());
