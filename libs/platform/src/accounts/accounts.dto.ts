// Request bodies of the accounts endpoints (validated by the global ValidationPipe: whitelist +
// forbidNonWhitelisted, so unknown fields are refused too).
import {
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { ROLES, type Role } from '@naiko/contracts';
import { MAX_CHIP_AMOUNT, MAX_IDEMPOTENCY_KEY_LENGTH } from '@naiko/persistence';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;

export class RegisterDto {
  @IsString()
  @Matches(USERNAME_PATTERN, { message: 'username: 3–32 letters, digits, _ . -' })
  username!: string;

  /** bcrypt looks at 72 bytes at most; longer passwords are refused rather than silently cut. */
  @IsString()
  @Length(8, 72)
  password!: string;

  @IsOptional()
  @IsEmail()
  @MaxLength(254)
  email?: string;
}

export class LoginDto {
  @IsString()
  @MaxLength(32)
  username!: string;

  @IsString()
  @MaxLength(72)
  password!: string;
}

export class SetRoleDto {
  @IsIn(ROLES)
  role!: Role;
}

export class GrantChipsDto {
  @IsUUID()
  userId!: string;

  @IsInt()
  @Min(1)
  @Max(MAX_CHIP_AMOUNT)
  amount!: number;

  @IsString()
  @Length(1, MAX_IDEMPOTENCY_KEY_LENGTH)
  idempotencyKey!: string;
}

export class RefreshDto {
  @IsString()
  @Length(16, 128)
  refreshToken!: string;
}

export class RenameDto {
  @IsString()
  @Matches(USERNAME_PATTERN, { message: 'username: 3–32 letters, digits, _ . -' })
  username!: string;
}

export class ChangePasswordDto {
  @IsString()
  @MaxLength(72)
  currentPassword!: string;

  @IsString()
  @Length(8, 72)
  newPassword!: string;
}
