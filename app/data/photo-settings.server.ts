// The PhotoSettings row (id 1): the hybrid photo system's switch (admin §2 'Settings tab', §4 'The hybrid photo
// system toggles between enabled and disabled'). A database without the row reads as disabled.
import { db } from "./db.server";

export async function hybridPhotosEnabled(): Promise<boolean> {
  const row = await (await db()).photoSettings.findUnique({ where: { id: 1 }, select: { hybridPhotosEnabled: true } });
  return row?.hybridPhotosEnabled ?? false;
}

export async function setHybridPhotosEnabled(enabled: boolean): Promise<void> {
  await (await db()).photoSettings.upsert({
    where: { id: 1 },
    create: { id: 1, hybridPhotosEnabled: enabled },
    update: { hybridPhotosEnabled: enabled },
  });
}
