import { Migration } from '@mikro-orm/migrations';

/**
 * Onboarding (issue 34): when an owner dismissed the setup checklist; null while it shows.
 */
export class Migration20261201434000OnboardingDismissed extends Migration {

  override name = 'Migration20261201434000OnboardingDismissed';

  override up(): void | Promise<void> {
    this.addSql(`alter table "organizations" add column "onboarding_dismissed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "organizations" drop column if exists "onboarding_dismissed_at";`);
  }
}
